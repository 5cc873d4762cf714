/**
 * The pictures of the stats popup: the ring of solved over total questions (easy, medium and hard
 * arcs; hovered or focused, the centre reads the acceptance rate) and one bar per difficulty.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { PROFILE_PAGE } from '../../../domain/peopleMessages.ts';
import type { LcStats } from '../../../domain/profileSchemas.ts';
import { theme } from '../../theme.ts';

/** LeetCode's difficulty colours: the ring and bars use them, the labels a darker shade that reads on white. */
export const DIFFICULTIES = [
  { label: PROFILE_PAGE.easy, solved: 'easySolved', total: 'totalEasy', colour: '#00b8a3', text: '#00796b' },
  {
    label: PROFILE_PAGE.medium,
    solved: 'mediumSolved',
    total: 'totalMedium',
    colour: '#ffb800',
    text: '#946000',
  },
  { label: PROFILE_PAGE.hard, solved: 'hardSolved', total: 'totalHard', colour: '#ef4743', text: '#c4221f' },
] as const;

export const count = (n: number) => n.toLocaleString('en-US');

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Solved over total as a ring of three arcs; hovered or focused, the centre reads the acceptance rate. */
export function SolvedRing({ stats }: { stats: LcStats }) {
  const [showRate, setShowRate] = useState(false);
  const total = Math.max(stats.totalQuestions, 1);
  let start = 0;
  const arcs = DIFFICULTIES.map((level) => {
    const length = (Math.min(stats[level.solved], total) / total) * CIRCUMFERENCE;
    const arc = { colour: level.colour, length, start };
    start += length;
    return arc;
  });
  return (
    <button
      type="button"
      aria-pressed={showRate}
      title={PROFILE_PAGE.showAcceptance}
      onPointerEnter={() => setShowRate(true)}
      onPointerLeave={() => setShowRate(false)}
      onFocus={() => setShowRate(true)}
      onBlur={() => setShowRate(false)}
      onClick={() => setShowRate((shown) => !shown)}
      css={css`
        position: relative;
        flex: none;
        align-self: center;
        width: 148px;
        height: 148px;
        padding: 0;
        border: 0;
        border-radius: 50%;
        background: none;
        color: inherit;
        font: inherit;
        cursor: default;
        &:focus-visible {
          outline: 2px solid ${theme.color.focus};
          outline-offset: 4px;
        }
      `}
    >
      <svg viewBox="0 0 128 128" width="148" height="148" aria-hidden="true">
        <circle cx="64" cy="64" r={RADIUS} fill="none" stroke={theme.color.hover} strokeWidth="9" />
        {arcs.map((arc) =>
          arc.length > 0 ? (
            <circle
              key={arc.colour}
              cx="64"
              cy="64"
              r={RADIUS}
              fill="none"
              stroke={arc.colour}
              strokeWidth="9"
              strokeDasharray={`${arc.length} ${CIRCUMFERENCE - arc.length}`}
              strokeDashoffset={-arc.start}
              transform="rotate(-90 64 64)"
            />
          ) : null,
        )}
      </svg>
      <span
        data-testid="ring-centre"
        css={css`
          position: absolute;
          inset: 0;
          display: flex;
          flex-direction: column;
          align-items: center;
          justify-content: center;
          margin: 0;
          text-align: center;
        `}
      >
        {showRate ? (
          <>
            <span
              css={css`
                font-size: 1.5rem;
                font-weight: 800;
              `}
            >
              {stats.acceptanceRate.toFixed(2)}%
            </span>
            <span css={centreLabel}>{PROFILE_PAGE.acceptance}</span>
          </>
        ) : (
          <>
            <span
              css={css`
                font-size: 1.625rem;
                font-weight: 800;
                line-height: 1.1;
              `}
            >
              {count(stats.totalSolved)}
            </span>
            <span
              css={css`
                color: ${theme.color.muted};
                font-size: 0.8125rem;
              `}
            >
              /{count(stats.totalQuestions)}
            </span>
            <span css={centreLabel}>{PROFILE_PAGE.solved}</span>
          </>
        )}
      </span>
    </button>
  );
}

const centreLabel = css`
  margin-top: 2px;
  color: ${theme.color.muted};
  font-size: 0.75rem;
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

interface DifficultyProps {
  label: string;
  solved: number;
  total: number;
  colour: string;
  text: string;
}

export function Difficulty({ label, solved, total, colour, text }: DifficultyProps) {
  const share = total > 0 ? Math.min(100, (solved / total) * 100) : 0;
  return (
    <li
      css={css`
        display: grid;
        gap: 6px;
      `}
    >
      <div
        css={css`
          display: flex;
          justify-content: space-between;
          gap: 8px;
          font-size: 0.875rem;
        `}
      >
        <span
          css={css`
            color: ${text};
            font-weight: 700;
          `}
        >
          {label}
        </span>
        <span>
          <strong>{count(solved)}</strong>
          <span
            css={css`
              color: ${theme.color.muted};
            `}
          >
            {' '}
            / {count(total)}
          </span>
        </span>
      </div>
      <div
        aria-hidden="true"
        css={css`
          height: 8px;
          border-radius: ${theme.radius.pill};
          background: color-mix(in srgb, ${colour} 16%, ${theme.color.surface});
          overflow: hidden;
        `}
      >
        <div
          css={css`
            width: ${share}%;
            height: 100%;
            border-radius: inherit;
            background: ${colour};
          `}
        />
      </div>
    </li>
  );
}
