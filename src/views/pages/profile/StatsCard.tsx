/**
 * The problem-solving stats popup (spec §2 Stats card): opened from the profile header, it shows the
 * LeetCode ranking and contribution points, a ring of solved over total questions (easy, medium and
 * hard in their colours; hovering or focusing it switches the centre to the acceptance rate), and each
 * difficulty's solved over total. A skeleton while the stats card chart loads; 'User not found!' for
 * an unknown handle, 'Server Issue' for other failures, each with its reason under it (LeetCode could
 * not be reached, is rate-limiting, or the stats could not be loaded) and a retry where it helps.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { PROFILE_PAGE, STATS } from '../../../domain/peopleMessages.ts';
import type { statsCardMachine } from '../../../machines/statsCard.machine.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { CountList } from '../../components/CountList.tsx';
import { DialogFrame } from '../../components/rooms/DialogFrame.tsx';
import { Bone } from '../../components/Skeletons.tsx';
import { secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { useProfileMachines } from './profileMachines.ts';
import { count, DIFFICULTIES, Difficulty, SolvedRing } from './StatsCharts.tsx';

type Snapshot = SnapshotFrom<typeof statsCardMachine>;
type Failure = 'notFound' | 'unreachable' | 'rateLimited' | 'failed';
type Status = 'loading' | 'shown' | 'none' | Failure;

const FAILURES: Failure[] = ['notFound', 'unreachable', 'rateLimited', 'failed'];

const statusOf = (s: Snapshot): Status =>
  s.hasTag('loading')
    ? 'loading'
    : s.matches('shown')
      ? 'shown'
      : (FAILURES.find((failure) => s.matches(failure)) ?? 'none');

/** What the card says when there are no stats: the spec's title and the reason under it. */
const FAILURE_NOTES: Record<Failure, { title: string; reason: (handle: string) => string }> = {
  notFound: { title: STATS.userNotFound, reason: STATS.reasonNotFound },
  unreachable: { title: STATS.serverIssue, reason: () => STATS.reasonUnreachable('LeetCode') },
  rateLimited: { title: STATS.serverIssue, reason: () => STATS.reasonRateLimited('LeetCode') },
  failed: { title: STATS.serverIssue, reason: () => STATS.reasonFailed },
};

export function StatsDialog({ handle, onClose }: { handle: string; onClose: () => void }) {
  return (
    <DialogFrame title={PROFILE_PAGE.statsTitle(handle)} canClose onClose={onClose}>
      <StatsCard handle={handle} />
    </DialogFrame>
  );
}

export function StatsCard({ handle }: { handle: string }) {
  const { statsCard } = useProfileMachines();
  const actor = useScreenActor(statsCard, { input: { handle } });
  const status = useSelector(actor, statusOf);
  const stats = useSelector(actor, (s) => s.context.stats);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'stats.retry' }));

  if (status === 'loading') return <StatsSkeleton />;
  if (status !== 'shown' && status !== 'none') {
    const note = FAILURE_NOTES[status];
    return (
      <Note title={note.title} reason={note.reason(handle.trim())}>
        {canRetry && (
          <button type="button" css={secondaryButton} onClick={() => actor.send({ type: 'stats.retry' })}>
            {PROFILE_PAGE.tryAgain}
          </button>
        )}
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

function Note({ title, reason, children }: { title: string; reason: string; children?: React.ReactNode }) {
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
      <div role="alert">
        <p
          css={css`
            margin: 0;
            font-weight: 600;
          `}
        >
          {title}
        </p>
        <p
          css={css`
            margin: 4px 0 0;
            color: ${theme.color.muted};
            overflow-wrap: anywhere;
          `}
        >
          {reason}
        </p>
      </div>
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
