import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { AUTH } from '../../src/domain/messages.ts';
import { usernameSuggestionsMachine } from '../../src/machines/usernameSuggestions.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof usernameSuggestionsMachine;
type Event = EventFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const batch = ['amber_fox', 'quiet_otter', 'brisk_lynx'];
const allEvents: Event[] = [
  done('generateUsernames', batch),
  done('generateUsernames', []),
  failure('generateUsernames', apiError(500, 'down')),
  ...batch.map((username): Event => ({ type: 'chip.choose', username })),
  { type: 'chip.choose', username: 'not_offered' },
  { type: 'username.refresh' },
];

const events = (snapshot: SnapshotFrom<Machine>) => allEvents.filter((event) => snapshot.can(event));

const paths = generatePaths(usernameSuggestionsMachine, { events });

/**
 * Spec §4 random usernames: a batch is fetched, each chip or refresh hands one name to the form and
 * drops it, and a new batch is fetched once one or none is left; a failed or empty batch is toasted.
 */
function expectStep(event: Event, before: SnapshotFrom<Machine>): ExpectedStep {
  const { pool } = before.context;
  const fetching: ExpectedStep = {
    value: 'fetching',
    tags: ['busy'],
    calls: [{ actor: 'generateUsernames', input: undefined }],
  };
  const generationFailed: ExpectedStep = {
    value: 'failed',
    tags: [],
    effects: [notify('error', AUTH.usernameGenerationFailed)],
  };
  // after a failure, only the refresh icon asks again
  const hand = (username: string, retry = false): ExpectedStep => {
    const left = pool.filter((name) => name !== username);
    const refetch = (retry && before.matches('failed')) || (before.matches('ready') && left.length <= 1);
    return { ...(refetch ? fetching : {}), shown: left, effects: [{ type: 'fill', params: { username } }] };
  };
  const e = event as unknown as { type: string; username: string; output: string[] };
  switch (e.type) {
    case 'xstate.init':
      return { ...fetching, shown: [] };
    case 'xstate.done.actor.generateUsernames':
      return e.output.length === 0
        ? generationFailed
        : { value: 'ready', tags: [], shown: [...pool, ...e.output.filter((name) => !pool.includes(name))] };
    case 'xstate.error.actor.generateUsernames':
      return generationFailed;
    case 'chip.choose':
      return hand(e.username);
    default:
      return pool[0] === undefined ? fetching : hand(pool[0], true);
  }
}

describe('username suggestions', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'hands out the names one by one and fetches more in time: %s',
    async (_, path) => {
      await executePath(usernameSuggestionsMachine, path, {
        promiseActors: ['generateUsernames'],
        effects: ['fill', 'notify'],
        shown: (context) => context.pool,
        expectStep,
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, usernameSuggestionsMachine, paths);
  });
});
