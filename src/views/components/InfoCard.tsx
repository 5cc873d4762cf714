/**
 * The frame of a room's and a profile's info card (spec §2): a title, the Share button (when the page
 * may be shared) and the card's content below.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { useShare } from '../../system/hooks.ts';
import type { ShareRequest } from '../../system/platform.ts';
import { ShareIcon } from './feedIcons.tsx';
import { card, secondaryButton } from './ui.ts';

interface InfoCardProps {
  label: string;
  title: ReactNode;
  /** What Share shares; no Share button without it. */
  sharing: ShareRequest | null;
  /** Without the card's own border and shadow (inside a popup). */
  bare?: boolean;
  children: ReactNode;
}

export function InfoCard({ label, title, sharing, bare = false, children }: InfoCardProps) {
  const share = useShare();
  return (
    <section
      aria-label={label}
      css={[
        !bare && card,
        css`
          display: flex;
          flex-direction: column;
          gap: 14px;
          padding: 16px;
        `,
      ]}
    >
      <div
        css={css`
          display: flex;
          align-items: center;
          justify-content: space-between;
          gap: 12px;
        `}
      >
        {title}
        {sharing && (
          <button
            type="button"
            css={[
              secondaryButton,
              css`
                min-height: 34px;
                padding: 0 12px;
                font-size: 0.875rem;
              `,
            ]}
            onClick={() => void share(sharing)}
          >
            <ShareIcon />
            Share
          </button>
        )}
      </div>
      {children}
    </section>
  );
}
