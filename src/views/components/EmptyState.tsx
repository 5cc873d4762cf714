/**
 * What an empty list says: the spec's own line (kept word for word), what would fill the list, and a
 * link to the next step where there is one ("No posts in q/dsa yet. Be the first: Create a post").
 */
import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import type { EmptyHint } from '../../domain/emptyStates.ts';
import { theme } from '../theme.ts';
import { focusRing, secondaryButton } from './ui.ts';

interface EmptyStateProps {
  /** The spec's empty-list line, e.g. LISTS.homeEmpty. */
  title: string;
  /** What would fill the list and the next step, if any. */
  hint?: EmptyHint;
}

export function EmptyState({ title, hint }: EmptyStateProps) {
  return (
    <div
      css={css`
        display: grid;
        justify-items: center;
        gap: 10px;
        margin: 8px 0 24px;
        padding: 24px 16px;
        border: 1px dashed ${theme.color.control};
        border-radius: ${theme.radius.md};
        background: ${theme.color.surface};
        text-align: center;
        overflow-wrap: anywhere;
      `}
    >
      <p
        css={css`
          margin: 0;
          font-weight: 600;
        `}
      >
        {title}
      </p>
      {hint && (
        <p
          css={css`
            margin: 0;
            max-width: 42ch;
            color: ${theme.color.muted};
            font-size: 0.9375rem;
          `}
        >
          {hint.text}
        </p>
      )}
      {hint?.action && (
        <Link to={hint.action.to} state={hint.action.state} css={[secondaryButton, focusRing]}>
          {hint.action.label}
        </Link>
      )}
    </div>
  );
}
