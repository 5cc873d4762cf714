/**
 * The Markdown subset of post bodies and comments (issue 33 part 4): paragraphs, bold, italics,
 * links, lists, quotes, inline code and fenced code blocks, parsed by markdown-it into a small tree
 * of the subset's nodes that views draw as elements (docs/decisions.md "Markdown").
 *
 * Nothing a user writes becomes markup: raw HTML is off (`<b>` stays text), every rule outside the
 * subset is off (headings, tables, images, rules, indented code, reference definitions, strikethrough,
 * entities: their marks read as typed), and a link's target must be an http(s) address (a
 * `javascript:`, `data:` or `vbscript:` link stays text). Plain text written before reads the same:
 * single newlines stay line breaks (`breaks`) and addresses stay links (`linkify`, http and https
 * only, as domain/links.ts finds them).
 *
 * Loaded only with the Markdown part of the page (mayHoldMarkdown tells when it is needed).
 */
import markdownIt, { type Token } from 'markdown-it';

export type MarkdownNode =
  | { kind: 'text'; text: string }
  | { kind: 'break' }
  | { kind: 'code'; text: string }
  | { kind: 'codeBlock'; info: string; text: string }
  | { kind: 'link'; href: string; children: MarkdownNode[] }
  | { kind: 'orderedList'; start: number; children: MarkdownNode[] }
  | { kind: 'paragraph' | 'strong' | 'em' | 'quote' | 'bulletList' | 'listItem'; children: MarkdownNode[] };

type Container = Extract<MarkdownNode, { children: MarkdownNode[] }>['kind'];

const CONTAINERS: Partial<Record<string, Container>> = {
  paragraph_open: 'paragraph',
  strong_open: 'strong',
  em_open: 'em',
  link_open: 'link',
  blockquote_open: 'quote',
  bullet_list_open: 'bulletList',
  ordered_list_open: 'orderedList',
  list_item_open: 'listItem',
};

/** Only http and https addresses are links. */
export function isSafeHref(href: string): boolean {
  return /^https?:\/\/[^\s]/i.test(href);
}

const parser = markdownIt('default', { html: false, linkify: true, breaks: true }).disable([
  'heading',
  'lheading',
  'table',
  'hr',
  'code',
  'reference',
  'html_block',
  'html_inline',
  'image',
  'strikethrough',
  'entity',
]);
parser.validateLink = isSafeHref;
// Addresses with their scheme only, as in plain text: no 'example.com', e-mail, ftp: or '//' links.
parser.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
parser.linkify.add('ftp:', null).add('mailto:', null).add('//', null);

function containerOf(kind: Container, open: Token, children: MarkdownNode[]): MarkdownNode[] {
  switch (kind) {
    case 'link': {
      const href = String(open.attrGet('href') ?? '');
      return isSafeHref(href) ? [{ kind, href, children }] : children;
    }
    case 'orderedList':
      return [{ kind, start: Number(open.attrGet('start') ?? 1), children }];
    case 'paragraph':
      // The paragraphs of a tight list item are its text alone.
      return open.hidden ? children : [{ kind, children }];
    default:
      return [{ kind, children }];
  }
}

function leafOf(token: Token): MarkdownNode[] {
  switch (token.type) {
    case 'inline':
      return nodesOf(token.children ?? []);
    case 'softbreak':
    case 'hardbreak':
      return [{ kind: 'break' }];
    case 'code_inline':
      return [{ kind: 'code', text: token.content }];
    case 'fence':
      return [{ kind: 'codeBlock', info: token.info, text: token.content.replace(/\n$/, '') }];
    default:
      // 'text', and any other token: its text as typed, never markup.
      return token.content ? [{ kind: 'text', text: token.content }] : [];
  }
}

/** The tree of a stream of tokens, each opening token with what lies before its closing one. */
function nodesOf(tokens: readonly Token[]): MarkdownNode[] {
  const nodes: MarkdownNode[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index] as Token;
    if (token.nesting !== 1) {
      if (token.nesting === 0) nodes.push(...leafOf(token));
      index += 1;
      continue;
    }
    let depth = 1;
    let end = index + 1;
    for (; end < tokens.length && depth > 0; end += 1) depth += (tokens[end] as Token).nesting;
    const children = nodesOf(tokens.slice(index + 1, end - 1));
    const kind = CONTAINERS[token.type];
    nodes.push(...(kind ? containerOf(kind, token, children) : children));
    index = end;
  }
  return nodes;
}

export function parseMarkdown(text: string): MarkdownNode[] {
  return nodesOf(parser.parse(text, {}));
}
