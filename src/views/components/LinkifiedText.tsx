/**
 * Text people wrote (a post body, a comment, a bio, a room description) with its http(s) addresses as
 * links, built as React elements from findLinks: the text is never parsed as HTML.
 *
 * The links open in a new tab: they lead out of Quad, and the reader keeps the feed or thread they were
 * in (its scroll, the comments they opened), which the app would otherwise rebuild on Back; screen
 * readers hear '(opens in a new tab)'. `rel`: `nofollow ugc` tells search engines these are users'
 * links that Quad does not vouch for, `noopener` keeps the opened page from reaching this one through
 * `window.opener`. A long address breaks anywhere rather than widening a 375 px screen.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { findLinks } from '../../domain/links.ts';
import { theme } from '../theme.ts';
import { focusRing, visuallyHidden } from './ui.ts';

const linkStyle = css`
  color: ${theme.color.brandDark};
  text-decoration: underline;
  text-underline-offset: 2px;
  overflow-wrap: anywhere;
  word-break: break-word;
  &:hover {
    color: ${theme.color.brandDeep};
  }
  ${focusRing};
`;

/** A link out of Quad to an address someone wrote (here or in a Markdown text), opening in a new tab. */
export function OutLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="nofollow ugc noopener" css={linkStyle}>
      {children}
      <span css={visuallyHidden}> (opens in a new tab)</span>
    </a>
  );
}

export function LinkifiedText({ text }: { text: string }) {
  return findLinks(text).map((part, index) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order; the same link may appear twice
      <OutLink key={index} href={part.href}>
        {part.text}
      </OutLink>
    ),
  );
}
