/**
 * The problem-solving stats popup (spec §2 Stats card): opened from the profile header, it shows the
 * LeetCode ranking and contribution points, a ring of solved over total questions (easy, medium and
 * hard in their colours; hovering or focusing it switches the centre to the acceptance rate), and each
 * difficulty's solved over total. A skeleton while the stats card chart loads; 'User not found!' for
 * an unknown handle, 'Server Issue' with a retry for other failures.
 */
import { css } from '@emotion/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { LcStats } from '../../../domain/entities.ts';
import { PROFILE_PAGE, STATS } from '../../../domain/messages.ts';
import type { statsCardMachine } from '../../../machines/statsCard.machine.ts';
import { CountList } from '../../components/CountList.tsx';
import { DialogFrame } from '../../components/rooms/DialogFrame.tsx';
import { Bone } from '../../components/Skeletons.tsx';
import { secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { useProfileMachines } from './profileMachines.tsx';

type Snapshot = SnapshotFrom<typeof statsCardMachine>;
type Status = 'loading' | 'shown' | 'notFound' | 'failed' | 'none';

const statusOf = (s: Snapshot): Status =>
  s.hasTag('loading')
    ? 'loading'
    : s.matches('shown')
      ? 'shown'
      : s.matches('notFound')
        ? 'notFound'
        : s.matches('failed')
          ? 'failed'
          : 'none';

/** LeetCode's difficulty colours: the ring and bars use them, the labels a darker shade that reads on white. */
const DIFFICULTIES = [
  { label: PROFILE_PAGE.easy, solved: 'easySolved', total: 'totalEasy', colour: '#00b8a3', text: '#00796b' },
  {
    label: PROFILE_PAGE.medium,
    solved: 'mediumSolved',
    total: 'totalMedium',
    colour: '#ffb800',
    text: '#a86b00',
  },
  { label: PROFILE_PAGE.hard, solved: 'hardSolved', total: 'totalHard', colour: '#ef4743', text: '#c4221f' },
] as const;

const count = (n: number) => n.toLocaleString('en-US');

export function StatsDialog({ handle, onClose }: { handle: string; onClose: () => void }) {
  const id = useId();
  return (
    <DialogFrame titleId={`${id}-title`} title={PROFILE_PAGE.statsTitle(handle)} canClose onClose={onClose}>
      <StatsCard handle={handle} />
    </DialogFrame>
  );
}

export function StatsCard({ handle }: { handle: string }) {
  const { statsCard } = useProfileMachines();
  const actor = useActorRef(statsCard, { input: { handle } });
  const status = useSelector(actor, statusOf);
  const stats = useSelector(actor, (s) => s.context.stats);

  if (status === 'loading') return <StatsSkeleton />;
  if (status === 'notFound') return <Note text={STATS.userNotFound} />;
  if (status === 'failed') {
    return (
      <Note text={STATS.serverIssue}>
        <button type="button" css={secondaryButton} onClick={() => actor.send({ type: 'stats.retry' })}>
          {PROFILE_PAGE.tryAgain}
        </button>
      </Note>
    );
  }
  if (!stats) return null;
  return (
    <section
      aria-label="LeetCode stats"
      css={css`
        display: grid;
        gap: 18px;
      `}
    >
      <CountList
        items={[
          [PROFILE_PAGE.ranking, count(stats.ranking)],
          [PROFILE_PAGE.contribution, count(stats.contributionPoints)],
        ]}
        columns={2}
        align="start"
        size="lg"
      />
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 20px;
          ${theme.media.sm} {
            flex-direction: column;
            align-items: stretch;
          }
        `}
      >
        <SolvedRing stats={stats} />
        <ul
          css={css`
            flex: 1;
            display: grid;
            gap: 12px;
            margin: 0;
            padding: 0;
            list-style: none;
          `}
        >
          {DIFFICULTIES.map((level) => (
            <Difficulty
              key={level.label}
              label={level.label}
              solved={stats[level.solved]}
              total={stats[level.total]}
              colour={level.colour}
              text={level.text}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Solved over total as a ring of three arcs; hovered or focused, the centre reads the acceptance rate. */
function SolvedRing({ stats }: { stats: LcStats }) {
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
          outline: 2px solid ${theme.color.brand};
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

function Difficulty({ label, solved, total, colour, text }: DifficultyProps) {
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

function Note({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div
      css={css`
        display: grid;
        justify-items: center;
        gap: 12px;
        padding: 24px 8px;
        text-align: center;
      `}
    >
      <p
        role="alert"
        css={css`
          margin: 0;
          font-weight: 600;
        `}
      >
        {text}
      </p>
      {children}
    </div>
  );
}

function StatsSkeleton() {
  return (
    <div role="status" aria-label="Loading stats" aria-busy="true">
      <div
        aria-hidden="true"
        css={css`
          display: grid;
          gap: 18px;
        `}
      >
        <div
          css={css`
            display: grid;
            grid-template-columns: 1fr 1fr;
            gap: 10px;
          `}
        >
          <Bone height={58} />
          <Bone height={58} />
        </div>
        <div
          css={css`
            display: flex;
            align-items: center;
            gap: 20px;
          `}
        >
          <Bone round height={148} />
          <div
            css={css`
              flex: 1;
              display: grid;
              gap: 16px;
            `}
          >
            <Bone height={26} />
            <Bone height={26} />
            <Bone height={26} />
          </div>
        </div>
      </div>
    </div>
  );
}
