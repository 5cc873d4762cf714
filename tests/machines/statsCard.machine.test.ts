import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { AUTH } from '../../src/domain/messages.ts';
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
      failure('fetchStats', apiError(504, STATS.serverIssue)),
      failure('fetchStats', apiError(503, STATS.serverIssue)),
      failure('fetchStats', apiError(429, 'Too many requests')),
      failure('fetchStats', apiError(500, AUTH.serverError)),
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

/** Where each failure's status leads: the reason the card gives under 'Server Issue'. */
const failedState = (status: number) =>
  ({ 502: 'unreachable', 504: 'unreachable', 503: 'rateLimited', 429: 'rateLimited' })[status] ?? 'failed';

/**
 * Spec §4 Stats card: the skeleton while the handle's stats load, then the stats, 'User not found!', or
 * 'Server Issue' with its reason (a retry unless the site is turning requests away).
 */
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
          : {
              value: failedState(e.error?.status ?? 0),
              tags: [],
              effects: [log('stats card: LeetCode stats failed', e.error)],
            };
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
  it('offers a retry where asking again can help, not while the site turns requests away', () => {
    const states = statsCardMachine.root.states;
    for (const name of ['unreachable', 'failed'] as const) {
      expect(Object.keys(states[name]?.on ?? {})).toEqual(['stats.retry']);
    }
    expect(Object.keys(states.rateLimited?.on ?? {})).toEqual([]);
  });

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      statsCardMachine,
      handles.flatMap(({ handle }) => pathsOf(handle)),
    );
  });
});
