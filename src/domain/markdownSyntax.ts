/**
 * Whether text people wrote may hold Markdown (issue 33 part 4), told without the parser: text with
 * none of the subset's marks reads the same as plain text, so it is drawn as before (LinkifiedText)
 * and the parser, a separate download, is not needed. The test errs towards "may": a false "may" only
 * costs the parse; a false "no" would show marks as typed.
 *
 * The marks: emphasis (`*`, `_`), code (`` ` ``, `~~~`), links (`[`, `<`), escapes (`\`), and at the
 * start of a line a quote (`>`) or a list item (`-`, `+`, `*`, `1.`, `1)`).
 */

const INLINE_MARKS = /[*_`[<\\]|~~~/;
const LINE_MARKS = /^ {0,3}(?:>|[-+*](?:\s|$)|\d{1,9}[.)](?:\s|$))/m;

export function mayHoldMarkdown(text: string): boolean {
  return INLINE_MARKS.test(text) || LINE_MARKS.test(text);
}
