/**
 * A post body or comment in the Markdown subset (domain/markdown.ts), drawn as React elements from the
 * parser's tree: what people wrote only ever reaches the page as text (docs/decisions.md "Markdown").
 * Loaded on demand (FormattedText.tsx); a code block that names a language loads its highlighting.
 */
import { type ReactNode, Suspense } from 'react';
import { codeLanguageOf } from '../../../domain/codeLanguages.ts';
import { type MarkdownNode, parseMarkdown } from '../../../domain/markdown.ts';
import { lazyNamed } from '../../app/lazyNamed.ts';
import { OutLink } from '../LinkifiedText.tsx';
import { codeBlock, highlightColours, inlineCode, list, paragraph, quote } from './markdownStyles.ts';

const HighlightedCode = lazyNamed(() => import('./HighlightedCode.tsx'), 'HighlightedCode');

function CodeBlock({ info, text }: { info: string; text: string }) {
  const language = codeLanguageOf(info);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a code block scrolls sideways; the keyboard scrolls it once focused
    <pre tabIndex={0} css={[codeBlock, highlightColours]} data-language={language ?? undefined}>
      <code>
        {language ? (
          <Suspense fallback={text}>
            <HighlightedCode code={text} language={language} />
          </Suspense>
        ) : (
          text
        )}
      </code>
    </pre>
  );
}

function Node({ node }: { node: MarkdownNode }): ReactNode {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'break':
      return <br />;
    case 'code':
      return <code css={inlineCode}>{node.text}</code>;
    case 'codeBlock':
      return <CodeBlock info={node.info} text={node.text} />;
    case 'link':
      return (
        <OutLink href={node.href}>
          <Nodes nodes={node.children} />
        </OutLink>
      );
    case 'paragraph':
      return (
        <p css={paragraph}>
          <Nodes nodes={node.children} />
        </p>
      );
    case 'strong':
      return (
        <strong>
          <Nodes nodes={node.children} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <Nodes nodes={node.children} />
        </em>
      );
    case 'quote':
      return (
        <blockquote css={quote}>
          <Nodes nodes={node.children} />
        </blockquote>
      );
    case 'bulletList':
      return (
        <ul css={list}>
          <Nodes nodes={node.children} />
        </ul>
      );
    case 'orderedList':
      return (
        <ol css={list} start={node.start === 1 ? undefined : node.start}>
          <Nodes nodes={node.children} />
        </ol>
      );
    case 'listItem':
      return (
        <li>
          <Nodes nodes={node.children} />
        </li>
      );
  }
}

function Nodes({ nodes }: { nodes: MarkdownNode[] }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: the nodes of one text, in order; drawn anew when it changes
  return nodes.map((node, index) => <Node key={index} node={node} />);
}

export function MarkdownText({ text }: { text: string }) {
  return <Nodes nodes={parseMarkdown(text)} />;
}
