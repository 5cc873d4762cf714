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

/** The languages whose code blocks are highlighted, by the names and aliases a fence may give. */
export type CodeLanguage = 'c' | 'cpp' | 'java' | 'python' | 'javascript' | 'typescript';

const LANGUAGES: Record<string, CodeLanguage> = {
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  java: 'java',
  python: 'python',
  py: 'python',
  javascript: 'javascript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  typescript: 'typescript',
  ts: 'typescript',
  tsx: 'typescript',
};

/**
 * The language a fence names in its info string (```` ```python ````), or null for plain text: no
 * name, `plaintext`/`text`, or a language the course does not use (shown as plain code).
 */
export function codeLanguageOf(info: string): CodeLanguage | null {
  const name = info.trim().split(/\s/, 1)[0]?.toLowerCase() ?? '';
  return Object.hasOwn(LANGUAGES, name) ? (LANGUAGES[name] ?? null) : null;
}
