/**
 * A post body or a comment as its author formatted it (issue 33 part 4): text with no Markdown mark
 * is drawn as always (LinkifiedText), text with one by the Markdown part, loaded on demand so that
 * neither the parser nor the highlighter weighs on the first load. A page the server drew with that
 * part loads it before hydrating (lazyNamed.ts); until a later one has loaded, the text shows plain.
 *
 * Its container must be able to hold blocks (a div, not a p): paragraphs, lists, quotes, code.
 */
import { Suspense } from 'react';
import { mayHoldMarkdown } from '../../domain/markdownSyntax.ts';
import { lazyNamed } from '../app/lazyNamed.ts';
import { LinkifiedText } from './LinkifiedText.tsx';

const MarkdownText = lazyNamed(() => import('./markdown/MarkdownText.tsx'), 'MarkdownText');

export function FormattedText({ text }: { text: string }) {
  if (!mayHoldMarkdown(text)) return <LinkifiedText text={text} />;
  return (
    <Suspense fallback={<LinkifiedText text={text} />}>
      <MarkdownText text={text} />
    </Suspense>
  );
}
