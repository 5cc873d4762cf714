/**
 * Items masked after reports (docs/moderation.md): a reader other than the author sees a card 'Hidden
 * after reports' with 'View anyway', which reveals the item for this view only; the author (and a
 * moderator) sees the item in full with a notice that others do not. The reveal is a pure view toggle,
 * like Clamp's 'Read More'.
 */
import { css } from '@emotion/react';
import { type ElementType, useState } from 'react';
import { SAFETY } from '../../../domain/safety.ts';
import { theme } from '../../theme.ts';
import { card, secondaryButton } from '../ui.ts';

/**
 * Whether a masked item is still hidden, and the reveal. `item` names what is shown when one view
 * shows one item after another (the room and profile pages follow the address): a reveal holds for
 * that item only.
 */
export function useMaskReveal(masked: boolean, item = '') {
  const [revealed, setRevealed] = useState<string | null>(null);
  return { hidden: masked && revealed !== item, reveal: () => setRevealed(item) };
}

export type MaskReveal = ReturnType<typeof useMaskReveal>;

interface MaskedCardProps {
  /** What is hidden ('Post', 'Poll', 'Comment', 'Room', 'Profile'), for the card's name. */
  what: string;
  onReveal: () => void;
  /** The card's heading element: the page's h1 on an item's own page, h2 in a list. */
  heading?: ElementType;
  /** Smaller, inside a comment thread. */
  compact?: boolean;
}

export function MaskedCard({ what, onReveal, heading: Heading = 'h2', compact = false }: MaskedCardProps) {
  return (
    <section
      aria-label={`${what} ${SAFETY.hiddenAfterReports.toLowerCase()}`}
      css={[
        compact ? null : card,
        css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          justify-content: space-between;
          gap: 8px 12px;
          padding: ${compact ? '8px 0' : '16px'};
          color: ${theme.color.muted};
        `,
      ]}
    >
      <Heading
        css={css`
          margin: 0;
          font-size: ${compact ? '0.875rem' : '1rem'};
          font-weight: 600;
        `}
      >
        {SAFETY.hiddenAfterReports}
      </Heading>
      <button
        type="button"
        onClick={onReveal}
        css={[
          secondaryButton,
          css`
            min-height: 32px;
            font-size: 0.8125rem;
          `,
        ]}
      >
        {SAFETY.viewAnyway}
      </button>
    </section>
  );
}

/** Shown with an item its author (or a moderator) reads while others see it masked. */
export function AuthorMaskedNotice() {
  return (
    <p
      role="note"
      css={css`
        margin: 0;
        padding: 8px 12px;
        border-radius: ${theme.radius.md};
        background: ${theme.color.brandSoft};
        color: ${theme.color.text};
        font-size: 0.8125rem;
        line-height: 1.4;
      `}
    >
      {SAFETY.authorMasked}
    </p>
  );
}
