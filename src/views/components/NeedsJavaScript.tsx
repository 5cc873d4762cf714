/**
 * What a form says when the page runs without JavaScript (the server's page still shows everything a
 * visitor can read): the form cannot work. The form itself posts to its own page, where the server
 * answers with the page again, so nothing typed ends up in an address or a log.
 */
import { css } from '@emotion/react';
import { theme } from '../theme.ts';

export const NEEDS_JAVASCRIPT =
  'This form needs JavaScript. Turn it on to use it; you can read Quad without it.';

export function NeedsJavaScript() {
  return (
    <noscript>
      <p
        css={css`
          margin: 0;
          padding: 8px 12px;
          border-radius: ${theme.radius.md};
          background: ${theme.color.page};
          color: ${theme.color.text};
          font-size: 0.875rem;
        `}
      >
        {NEEDS_JAVASCRIPT}
      </p>
    </noscript>
  );
}
