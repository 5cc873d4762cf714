import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { SAFETY } from '../../src/domain/safety.ts';
import { blockedUsersMachine } from '../../src/machines/blockedUsers.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof blockedUsersMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const offline = { status: 0, message: 'Network Error' };
const blocked = [
  { username: 'brave_fox', dp: null },
  { username: 'calm_heron', dp: '/uploads/heron.webp' },
];

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'user.unblock', username: 'brave_fox' },
      { type: 'user.unblock', username: 'nobody_here' },
      { type: 'list.retry' },
      done('loadBlocked', blocked),
      failure('loadBlocked', offline),
      done('unblockUser', { msg: 'unblocked' }),
      failure('unblockUser', offline),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const paths = generatePaths(blockedUsersMachine, { events });

/** docs/api.md "Safety": GET u/blocked, POST u/unblock {username}. */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const { users, unblocking } = before.context;
  const e = event as { type: string; username?: string };
  switch (e.type) {
    case 'xstate.init':
      return {
        value: 'loading',
        tags: ['loading'],
        shown: [],
        calls: [{ actor: 'loadBlocked', input: undefined }],
      };
    case 'xstate.done.actor.loadBlocked':
      return { value: 'listed', tags: [], shown: blocked };
    case 'xstate.error.actor.loadBlocked':
      return { value: 'failed', tags: ['failed'], effects: [log('blocked people: load failed', offline)] };
    case 'list.retry':
      return { value: 'loading', tags: ['loading'], calls: [{ actor: 'loadBlocked', input: undefined }] };
    case 'user.unblock':
      return {
        value: 'unblocking',
        tags: ['busy'],
        calls: [{ actor: 'unblockUser', input: { username: e.username } }],
      };
    case 'xstate.done.actor.unblockUser':
      return {
        value: 'listed',
        tags: [],
        shown: users.filter((user) => user.username !== unblocking),
        effects: [notify('success', SAFETY.unblocked(unblocking ?? ''))],
      };
    case 'xstate.error.actor.unblockUser':
      return { value: 'listed', tags: [], effects: [notify('error', offline.message)] };
    default:
      throw new Error(`unexpected ${e.type}`);
  }
}

describe('the list of blocked people', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'loads them and unblocks one at a time: %s',
    async (_, path) => {
      await executePath(blockedUsersMachine, path, {
        promiseActors: ['loadBlocked', 'unblockUser'],
        effects: ['notify', 'log'],
        shown: (context) => context.users,
        expectStep,
      });
    },
  );
});

describe('blocked people chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, blockedUsersMachine, paths);
  });
});
