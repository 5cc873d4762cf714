/**
 * The Codeforces rank of a profile (spec §2 Profile: rank label with icon, tiers shown with colours):
 * an icon and the rank in its tier's colour (domain/ranks.ts); a legendary grandmaster's first letter
 * is dark, as on Codeforces. Nothing for an empty rank.
 */
import { css } from '@emotion/react';
import { PROFILE_PAGE } from '../../../domain/peopleMessages.ts';
import { rankStyle } from '../../../domain/ranks.ts';
import { visuallyHidden } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { RankIcon } from './profileIcons.tsx';

export function RankLabel({ rank }: { rank: string | null }) {
  const style = rankStyle(rank);
  if (!style) return null;
  const { label, colour, firstLetterDark, tier } = style;
  return (
    <span
      title={PROFILE_PAGE.codeforcesRank}
      data-tier={tier ?? 'none'}
      css={css`
        display: inline-flex;
        align-items: center;
        gap: 6px;
        min-height: 28px;
        padding: 0 10px;
        border: 1px solid color-mix(in srgb, ${colour} 35%, transparent);
        border-radius: ${theme.radius.pill};
        background: color-mix(in srgb, ${colour} 8%, ${theme.color.surface});
        color: ${colour};
        font-size: 0.8125rem;
        font-weight: 700;
        text-transform: capitalize;
        white-space: nowrap;
      `}
    >
      <RankIcon />
      <span css={visuallyHidden}>{PROFILE_PAGE.codeforcesRank}: </span>
      {firstLetterDark ? (
        <span>
          <span css={css`color: ${theme.color.text};`}>{label.charAt(0)}</span>
          {label.slice(1)}
        </span>
      ) : (
        <span>{label}</span>
      )}
    </span>
  );
}
