import { describe, expect, it } from 'vitest';
import { codeLanguageOf } from '../../src/domain/codeLanguages.ts';
import { findLinks } from '../../src/domain/links.ts';
import { type MarkdownNode, parseMarkdown } from '../../src/domain/markdown.ts';
import { mayHoldMarkdown } from '../../src/domain/markdownSyntax.ts';

const text = (value: string): MarkdownNode => ({ kind: 'text', text: value });
const paragraph = (...children: MarkdownNode[]): MarkdownNode => ({ kind: 'paragraph', children });
const item = (...children: MarkdownNode[]): MarkdownNode => ({ kind: 'listItem', children });

/** Every node of a tree, depth first. */
const allNodes = (nodes: MarkdownNode[]): MarkdownNode[] =>
  nodes.flatMap((node) => [node, ...('children' in node ? allNodes(node.children) : [])]);
const linksOf = (source: string) =>
  allNodes(parseMarkdown(source)).flatMap((node) => (node.kind === 'link' ? [node.href] : []));
/** The text a reader sees, marks and all, with each break and block's end as a newline. */
const readText = (nodes: MarkdownNode[]): string =>
  nodes
    .map((node) => {
      if (node.kind === 'break') return '\n';
      if (!('children' in node)) return node.text;
      return node.kind === 'paragraph' ? `${readText(node.children)}\n` : readText(node.children);
    })
    .join('');
/** Text without its whitespace, to compare what is read. */
const squeezed = (value: string) => value.replace(/\s+/g, '');

describe('the Markdown subset of posts and comments', () => {
  it('reads paragraphs, bold, italics, inline code and links', () => {
    expect(
      parseMarkdown('Use **heaps** and _tries_, see `pq.top()` in [the notes](https://x.dev/n).\n\nDone.'),
    ).toEqual([
      paragraph(
        text('Use '),
        { kind: 'strong', children: [text('heaps')] },
        text(' and '),
        { kind: 'em', children: [text('tries')] },
        text(', see '),
        { kind: 'code', text: 'pq.top()' },
        text(' in '),
        { kind: 'link', href: 'https://x.dev/n', children: [text('the notes')] },
        text('.'),
      ),
      paragraph(text('Done.')),
    ]);
  });

  it('reads quotes and lists, nested lists and numbered lists from their first number', () => {
    expect(
      parseMarkdown('> asked in class\n\n- arrays\n- trees\n  - AVL\n  - red-black\n\n3. third\n4. fourth'),
    ).toEqual([
      { kind: 'quote', children: [paragraph(text('asked in class'))] },
      {
        kind: 'bulletList',
        children: [
          item(text('arrays')),
          item(text('trees'), { kind: 'bulletList', children: [item(text('AVL')), item(text('red-black'))] }),
        ],
      },
      { kind: 'orderedList', start: 3, children: [item(text('third')), item(text('fourth'))] },
    ]);
  });

  it('keeps a fenced code block as typed, with its language or without one', () => {
    const source =
      '```cpp\nint main() {\n    return 0; // <b>\n}\n```\n\n```\n  plain\n```\n\n~~~py\nprint(1)\n~~~';
    expect(parseMarkdown(source)).toEqual([
      { kind: 'codeBlock', info: 'cpp', text: 'int main() {\n    return 0; // <b>\n}' },
      { kind: 'codeBlock', info: '', text: '  plain' },
      { kind: 'codeBlock', info: 'py', text: 'print(1)' },
    ]);
  });

  it('names the languages a DSA course uses by their fence names; anything else is plain code', () => {
    expect(
      ['c', 'C++', 'cpp', 'java', 'py', 'python', 'js', 'javascript', 'ts', 'typescript'].map(codeLanguageOf),
    ).toEqual([
      'c',
      'cpp',
      'cpp',
      'java',
      'python',
      'python',
      'javascript',
      'javascript',
      'typescript',
      'typescript',
    ]);
    expect(
      ['', 'plaintext', 'text', 'rust', 'constructor', '__proto__', 'python extra'].map(codeLanguageOf),
    ).toEqual([null, null, null, null, null, null, 'python']);
  });

  it('shows raw HTML as text, a script included', () => {
    const source = '<script>alert(1)</script>\n<b onclick="x()">bold</b> <img src=x onerror=alert(1)>';
    expect(parseMarkdown(source)).toEqual([
      paragraph(
        text('<script>alert(1)</script>'),
        { kind: 'break' },
        text('<b onclick="x()">bold</b> <img src=x onerror=alert(1)>'),
      ),
    ]);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](java\tscript:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](data:image/png;base64,iVBORw0KGgo=)',
    '[x](vbscript:msgbox(1))',
    '[x](file:///etc/passwd)',
    '[x](/relative/path)',
    '<javascript:alert(1)>',
    'javascript:alert(1)',
    '[x]: javascript:alert(1)\n\n[x]',
  ])('makes no link of %j: it stays text', (source) => {
    expect(linksOf(source)).toEqual([]);
    expect(squeezed(readText(parseMarkdown(source)))).toBe(squeezed(source));
  });

  it('renders no image: its mark reads as typed and its address is an ordinary link', () => {
    const nodes = parseMarkdown('![a cat](https://x.dev/cat.png)');
    expect(nodes).toEqual([
      paragraph(text('!'), { kind: 'link', href: 'https://x.dev/cat.png', children: [text('a cat')] }),
    ]);
  });

  it('leaves the marks outside the subset as typed: headings, rules, tables, strikethrough, entities', () => {
    const source = '# Title\n---\n| a | b |\n|---|---|\n~~gone~~ &amp; &lt;\n    indented';
    expect(readText(parseMarkdown(source)).trim()).toBe(
      '# Title\n---\n| a | b |\n|---|---|\n~~gone~~ &amp; &lt;\nindented',
    );
    expect(allNodes(parseMarkdown(source)).map((node) => node.kind)).not.toContain('codeBlock');
  });
});

describe('plain text written before Markdown', () => {
  const oldTexts = [
    'Library timings changed:\nopen 9 to 5\nclosed on Sunday',
    'See https://cp-algorithms.com/graph/dfs.html. And (https://x.dev/a), https://en.wikipedia.org/wiki/Heap_(data_structure)',
    'First paragraph.\n\nSecond one, after a blank line.',
    'Is 3 > 2? Yes & no; 2+2=4, 100% sure!',
  ];

  it.each(oldTexts)('reads the same with line breaks and links kept: %j', (source) => {
    const nodes = parseMarkdown(source);
    expect(readText(nodes).trim().replace(/\n+/g, '\n')).toBe(source.replace(/\n+/g, '\n'));
    const plainLinks = findLinks(source).flatMap((part) => (part.kind === 'link' ? [part.text] : []));
    const markdownLinks = allNodes(nodes).flatMap((node) =>
      node.kind === 'link' ? [readText(node.children)] : [],
    );
    expect(markdownLinks).toEqual(plainLinks);
    expect(allNodes(nodes).every((node) => ['paragraph', 'text', 'break', 'link'].includes(node.kind))).toBe(
      true,
    );
  });

  it('is told apart from Markdown without the parser, so that it is drawn as before', () => {
    expect(oldTexts.filter(mayHoldMarkdown)).toEqual([
      // a URL's underscore may be emphasis: the parser decides, and it reads the same (above)
      oldTexts[1],
    ]);
    for (const source of [
      '**b**',
      '_i_',
      '`c`',
      '```\nx\n```',
      '~~~\nx\n~~~',
      '[a](https://x.dev)',
      '<https://x.dev>',
      '> q',
      '- item',
      '+ item',
      '* item',
      '1. item',
      '2) item',
      'a\\*b',
    ]) {
      expect(mayHoldMarkdown(source), source).toBe(true);
    }
  });
});
