/**
 * How the Markdown subset looks inside a post or comment: blocks half a line apart, lists and quotes
 * indented, code in a monospace face on its own background, a code block scrolling sideways rather
 * than widening a 375 px screen.
 */
import { css } from '@emotion/react';
import { theme } from '../../theme.ts';
import { focusRing } from '../ui.ts';

/**
 * Code's background and highlight colours, each 4.5:1 or more on that background (the least, the
 * keywords, 5.03:1; tests/views/markdown.test.tsx). Beside the theme rather than in it: only this
 * part, loaded on demand, draws code, and the theme is part of every first load.
 */
export const codeColours = {
  background: '#f6f8fa',
  text: '#1f2328',
  comment: '#57606a',
  keyword: '#cf222e',
  string: '#0a3069',
  number: '#0550ae',
  title: '#6639ba',
  type: '#953800',
  meta: '#116329',
};

const mono = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

const block = css`
  margin: 0 0 0.5em;
  &:last-child {
    margin-bottom: 0;
  }
`;

export const paragraph = block;

export const list = css`
  ${block};
  padding-left: 1.5em;
  li > & {
    margin: 0;
  }
`;

export const quote = css`
  ${block};
  padding-left: 12px;
  border-left: 3px solid ${theme.color.control};
  color: ${theme.color.muted};
`;

export const inlineCode = css`
  padding: 0.1em 0.3em;
  border-radius: 4px;
  background: ${codeColours.background};
  color: ${codeColours.text};
  font-family: ${mono};
  font-size: 0.875em;
`;

/** A code block: focusable, so that a keyboard can scroll it too. */
export const codeBlock = css`
  ${block};
  max-width: 100%;
  padding: 10px 12px;
  overflow-x: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  background: ${codeColours.background};
  color: ${codeColours.text};
  font-family: ${mono};
  font-size: 0.8125rem;
  line-height: 1.5;
  white-space: pre;
  overflow-wrap: normal;
  tab-size: 4;
  ${focusRing};
  & code {
    font-family: inherit;
  }
`;

const code = codeColours;

/** highlight.js's scopes by their first name ('title.function' is a 'title'), as class names. */
export const highlightColours = css`
  .hl-comment,
  .hl-quote {
    color: ${code.comment};
    font-style: italic;
  }
  .hl-keyword,
  .hl-doctag,
  .hl-template-tag {
    color: ${code.keyword};
  }
  .hl-string,
  .hl-regexp,
  .hl-char {
    color: ${code.string};
  }
  .hl-number,
  .hl-literal,
  .hl-variable,
  .hl-attr,
  .hl-property {
    color: ${code.number};
  }
  .hl-title {
    color: ${code.title};
  }
  .hl-type,
  .hl-built_in,
  .hl-class {
    color: ${code.type};
  }
  .hl-meta {
    color: ${code.meta};
  }
`;
