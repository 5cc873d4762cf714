/**
 * How the Markdown subset looks inside a post or comment: blocks half a line apart, lists and quotes
 * indented, code in a monospace face on its own background, a code block scrolling sideways rather
 * than widening a 375 px screen.
 */
import { css } from '@emotion/react';
import { theme } from '../../theme.ts';
import { focusRing } from '../ui.ts';

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
  background: ${theme.code.background};
  color: ${theme.code.text};
  font-family: ${theme.font.mono};
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
  background: ${theme.code.background};
  color: ${theme.code.text};
  font-family: ${theme.font.mono};
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

const { code } = theme;

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
