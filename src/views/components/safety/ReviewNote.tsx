/**
 * Above a reported item of a private room that a moderator reads without having joined the room
 * (docs/moderation.md "Private rooms"): why they see it, that it is read-only and recorded, and the
 * way back to the queue, where they act on it.
 */
import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { PRIVATE_REVIEW } from '../../../domain/roomOwnerMessages.ts';
import { theme } from '../../theme.ts';
import { card, focusRing } from '../ui.ts';

export function ReviewNote() {
  return (
    <aside
      aria-label={PRIVATE_REVIEW.note}
      css={css`
        ${card};
        display: flex;
        flex-direction: column;
        gap: 6px;
        padding: 14px 16px;
        border-color: ${theme.color.brand};
        background: ${theme.color.brandSoft};
      `}
    >
      <p css={css`margin: 0; font-weight: 600;`}>{PRIVATE_REVIEW.note}</p>
      <p css={css`margin: 0; line-height: 1.5;`}>{PRIVATE_REVIEW.detail}</p>
      <Link
        to="/mod"
        css={css`
          align-self: flex-start;
          color: ${theme.color.brandDark};
          font-weight: 600;
          ${focusRing};
        `}
      >
        {PRIVATE_REVIEW.backToQueue}
      </Link>
    </aside>
  );
}
