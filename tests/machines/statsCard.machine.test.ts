import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import type { LcStats } from '../../src/domain/entities.ts';
import { STATS } from '../../src/domain/peopleMessages.ts';
import { statsCardMachine } from '../../src/machines/statsCard.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';
import { lcStats } from '../support/profileFakes.ts';

type Machine = typeof statsCardMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      done('fetchStats', lcStats),
      failure('fetchStats', apiError(404, STATS.userNotFound)),
      failure('fetchStats', apiError(502, STATS.serverIssue)),
      failure('fetchStats', apiError(0, 'Network Error')),
      { type: 'stats.retry' },
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const handles = [
  { handle: 'neal_wu', who: 'a linked handle' },
  { handle: null, who: 'no handle' },
  { handle: '   ', who: 'a blank handle' },
];

const pathsOf = (handle: string | null) =>
  generatePaths(statsCardMachine, { events: events as never, input: { handle }, simplePaths: true });

describe.each(handles)('the stats card with $who', ({ handle }) => {
  const paths = pathsOf(handle);
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const log = vi.fn();
      await executePath(statsCardMachine, path as MachinePath<Machine>, {
        input: { handle },
        promiseActors: ['fetchStats'],
        provide: { actions: { log } },
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      const logged = path.steps.filter((step) => {
        const event = step.event as { type: string; error?: { status: number } };
        return event.type === 'xstate.error.actor.fetchStats' && event.error?.status !== 404;
      }).length;
      expect(log).toHaveBeenCalledTimes(logged);
    },
  );
});

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function startWith(handle: string | null, answers: (LcStats | { status: number; message: string })[]) {
  const fetchStats = vi.fn(async (_input: { handle: string }) => {
    const answer = answers.shift();
    if (!answer || 'status' in answer) throw answer;
    return answer;
  });
  const actor = createActor(
    statsCardMachine.provide({
      actors: { fetchStats: fromPromise(({ input }: { input: { handle: string } }) => fetchStats(input)) },
    }),
    { input: { handle } },
  ).start();
  return { actor, fetchStats };
}

describe('stats card chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(
      statsCardMachine,
      handles.flatMap(({ handle }) => pathsOf(handle)),
    );
  });

  it('fetches the stats of the handle when it starts, showing the skeleton meanwhile', async () => {
    const { actor, fetchStats } = startWith(' neal_wu ', [lcStats]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(fetchStats).toHaveBeenCalledWith({ handle: 'neal_wu' });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.stats).toMatchObject({ totalSolved: lcStats.totalSolved });
  });

  it('fetches nothing without a handle', async () => {
    const { actor, fetchStats } = startWith(null, [lcStats]);
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fetchStats).not.toHaveBeenCalled();
  });

  it('ends at not found for an unknown user, and retries other failures', async () => {
    const missing = startWith('ghost', [apiError(404, STATS.userNotFound)]);
    await settle();
    expect(missing.actor.getSnapshot().value).toBe('notFound');
    expect(missing.actor.getSnapshot().can({ type: 'stats.retry' })).toBe(false);

    const flaky = startWith('neal_wu', [apiError(504, STATS.serverIssue), lcStats]);
    await settle();
    expect(flaky.actor.getSnapshot().value).toBe('failed');
    flaky.actor.send({ type: 'stats.retry' });
    await settle();
    expect(flaky.actor.getSnapshot().value).toBe('shown');
    expect(flaky.fetchStats).toHaveBeenCalledTimes(2);
  });
});
