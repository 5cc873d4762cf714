/** The layout shared by the 404, 403, router-fallback and technical-error screens. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { theme } from '../theme.ts';

interface StatusScreenProps {
  code?: string;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

export function StatusScreen({ code, title, children, action }: StatusScreenProps) {
  useDocumentTitle(pageTitle(title));
  return (
    <section
      aria-labelledby="status-title"
      css={css`
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 12px;
        margin: 48px auto;
        padding: 40px 24px;
        max-width: 520px;
        text-align: center;
        background: ${theme.color.surface};
        border: 1px solid ${theme.color.border};
        border-radius: ${theme.radius.lg};
        box-shadow: ${theme.shadow.card};
      `}
    >
      {code ? (
        <p
          css={css`
            margin: 0;
            font-size: 3.5rem;
            font-weight: 800;
            letter-spacing: -0.03em;
            line-height: 1;
            color: ${theme.color.brand};
          `}
        >
          {code}
        </p>
      ) : null}
      <h1
        id="status-title"
        css={css`
          margin: 0;
          font-size: 1.5rem;
        `}
      >
        {title}
      </h1>
      {children ? (
        <div
          css={css`
            color: ${theme.color.muted};
            line-height: 1.5;
          `}
        >
          {children}
        </div>
      ) : null}
      {action ? (
        <div
          css={css`
            margin-top: 12px;
          `}
        >
          {action}
        </div>
      ) : null}
    </section>
  );
}
