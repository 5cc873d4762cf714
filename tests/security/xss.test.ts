/**
 * Stored XSS through Markdown (issue 33 part 4): posts and comments carrying every attack of
 * MARKDOWN_ATTACKS, read back as the server renders their pages (server/render, the Markdown drawn
 * there too) and as the parser reads each attack alone. Nothing they hold becomes markup: no script,
 * no event attribute, no embedded frame or image of theirs, and no link but to an http(s) address; the
 * attacks read as the text they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/domain/entities.ts';
import { type MarkdownNode, parseMarkdown } from '../../src/domain/markdown.ts';
import { embeddedFirstScreen, pageTemplateDir, renderedText } from '../support/pageTemplate.ts';
import { type Account, setupTestApp } from '../support/testApp.ts';
import { MARKDOWN_ATTACKS } from './inputs.ts';

const template = pageTemplateDir();
afterAll(() => template.remove());
const t = setupTestApp({ STATIC_DIR: template.dir });

/** Code that shows the attacks were drawn as Markdown, not skipped: bold, and highlighted code. */
const FORMATTED = 'Attacks **below**:\n\n```python\ndef run(): pass\n```';
const attackText = [FORMATTED, ...MARKDOWN_ATTACKS].join('\n\n');

let author: Account;
let post: Post;

beforeAll(async () => {
  author = await t.signUpAndVerify();
  post = await t.createPost(author, { body: attackText });
  const res = await author.client.post('posts/createcomment', {
    postId: post.id,
    commentId: null,
    content: attackText,
  });
  expect(res.statusCode, res.body).toBe(201);
});

/** The page's drawn part: the root element, without the embedded first-screen data. */
const drawnPart = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="quad-first-screen"'));

const decoded = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&amp;/g, '&');

/** What in drawn HTML would run or load something the author chose. */
function markupOf(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(
    /<(script|iframe|object|embed|img|svg|style|link|meta|base|form)\b[^>]*>/gi,
  )) {
    const tag = match[0];
    // The app's own: Emotion's style rules, its icons, and its images and preloads from its own origin.
    if (/^<style data-emotion/i.test(tag) || /^<svg[^>]*aria-hidden/i.test(tag)) continue;
    const address = /\s(?:src|href)="([^"]*)"/i.exec(tag)?.[1];
    if (/^<(img|link)\b/i.test(tag) && address?.startsWith('/') && !address.startsWith('//')) continue;
    found.push(tag);
  }
  for (const match of html.matchAll(/<[a-z][^>]*\s(on[a-z]+)\s*=/gi)) found.push(match[0]);
  for (const match of html.matchAll(/\s(?:href|src|action|data|formaction)\s*=\s*"([^"]*)"/gi)) {
    const target = decoded(match[1] ?? '').replace(/\s/g, '');
    if (/^(?:javascript|data|vbscript|file):/i.test(target)) found.push(match[0]);
  }
  return found;
}

describe('Markdown attacks in a post and a comment', () => {
  it.each([
    ['the post page', () => `/post/${post.id}`],
    ['the topic feed', () => '/q/dsa'],
    ['the author’s profile', () => `/u/${author.username}/overview`],
  ])('draw nothing but text on %s, rendered by the server', async (_, path) => {
    const res = await t.client().get(path());
    expect(res.statusCode).toBe(200);
    const drawn = drawnPart(res.body);
    expect(markupOf(drawn)).toEqual([]);
    // the Markdown was drawn, and the attacks read as typed
    expect(drawn).toContain('<strong>below</strong>');
    const text = renderedText(res.body).replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    expect(text).toContain(
      '<script>alert(1)</script> <img src=x onerror=alert(1)> [click](javascript:alert(1))',
    );
    expect(text).toContain('let a = "</code></pre><script>alert(1)</script>"');
    // the first-screen data still parses: no text closed its script element
    expect(embeddedFirstScreen(res.body)).not.toBeNull();
  });

  it('highlights the code on the server and names the parts the browser loads before hydrating', async () => {
    const res = await t.client().get(`/post/${post.id}`);
    expect(drawnPart(res.body)).toMatch(/<span class="hl-keyword">def<\/span>/);
    const { parts } = embeddedFirstScreen(res.body) as { parts: string[] };
    expect(parts).toEqual(expect.arrayContaining(['MarkdownText', 'HighlightedCode']));
  });
});

describe('each Markdown attack alone, as parsed', () => {
  const allNodes = (nodes: MarkdownNode[]): MarkdownNode[] =>
    nodes.flatMap((node) => [node, ...('children' in node ? allNodes(node.children) : [])]);

  it.each(MARKDOWN_ATTACKS)(
    'links nowhere but http(s) and makes nothing outside the subset: %j',
    (attack) => {
      const nodes = allNodes(parseMarkdown(attack));
      const hrefs = nodes.flatMap((node) => (node.kind === 'link' ? [node.href] : []));
      expect(hrefs.filter((href) => !/^https?:\/\//.test(href))).toEqual([]);
      const kinds = new Set(nodes.map((node) => node.kind));
      for (const kind of kinds) {
        expect([
          'paragraph',
          'text',
          'break',
          'code',
          'codeBlock',
          'link',
          'strong',
          'em',
          'quote',
          'bulletList',
          'orderedList',
          'listItem',
        ]).toContain(kind);
      }
    },
  );
});
