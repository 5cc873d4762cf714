import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { STATS } from '../../src/domain/peopleMessages.ts';
import { statsCardMachine } from '../../src/machines/statsCard.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
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
  { handle: ' neal_wu ', who: 'a linked handle' },
  { handle: null, who: 'no handle' },
  { handle: '   ', who: 'a blank handle' },
];

const pathsOf = (handle: string | null) =>
  generatePaths(statsCardMachine, { events, input: { handle }, simplePaths: true });

/** Spec §4 Stats card: the skeleton while the handle's stats load, then the stats, 'User not found!' or a retry. */
const expectStep =
  (handle: string | null) =>
  (event: Event): ExpectedStep => {
    const e = event as unknown as { type: string; error?: { status: number } };
    const fetching: ExpectedStep = {
      value: 'loading',
      tags: ['loading'],
      calls: [{ actor: 'fetchStats', input: { handle: handle?.trim() } }],
    };
    switch (e.type) {
      case 'xstate.init':
        return handle?.trim() ? fetching : { value: 'idle', tags: [] };
      case 'stats.retry':
        return fetching;
      case 'xstate.done.actor.fetchStats':
        return { value: 'shown', tags: [], shown: lcStats };
      default:
        return e.error?.status === 404
          ? { value: 'notFound', tags: [] }
          : { value: 'failed', tags: [], effects: [log('stats card: LeetCode stats failed', e.error)] };
    }
  };

describe.each(handles)('the stats card with $who', ({ handle }) => {
  it.each(pathsOf(handle).map((path) => [describePath(path), path] as const))(
    'fetches only with a handle and shows what came back: %s',
    async (_, path) => {
      await executePath(statsCardMachine, path, {
        input: { handle },
        promiseActors: ['fetchStats'],
        effects: ['log'],
        shown: (context) => context.stats,
        expectStep: expectStep(handle),
      });
    },
  );
});

describe('stats card chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      statsCardMachine,
      handles.flatMap(({ handle }) => pathsOf(handle)),
    );
  });
});
