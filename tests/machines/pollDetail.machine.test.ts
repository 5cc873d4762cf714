import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { POLLS } from '../../src/domain/messages.ts';
import { pollDetailMachine } from '../../src/machines/pollDetail.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { makePoll } from '../support/feedFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, navigate } from '../support/machineEffects.ts';
import { watchRecorder } from '../support/machineLive.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof pollDetailMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const poll = makePoll('q1');
const input = { id: 'q1' };
const gone = { status: 404, message: POLLS.notFound };
/** /poll/abc: the server's validation text, which must never reach the screen. */
const malformed = { status: 400, message: 'id: * must be an id' };
const offline = { status: 0, message: 'Network Error' };
const removed = { status: 410, message: 'Removed by moderators: Spam' };

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      done('checkAccess', true),
      done('checkAccess', false),
      failure('checkAccess', gone),
      failure('checkAccess', malformed),
      failure('checkAccess', offline),
      failure('checkAccess', removed),
      done('loadPoll', poll),
      failure('loadPoll', offline),
      failure('loadPoll', gone),
      failure('loadPoll', malformed),
      failure('loadPoll', removed),
      { type: 'live.reload' },
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const paths = generatePaths(pollDetailMachine, { events, input });

const notWatched = { watching: [] };

/**
 * Spec §2 /poll/{id}: the room's access first (home when refused), then the poll. Issue 20: the live
 * stream watches the poll while it is shown; `live.reload` loads it again.
 */
function expectStep(event: Event): ExpectedStep {
  const e = event as unknown as { type: string; output?: unknown; error?: { status: number } };
  const failed = e.type.startsWith('xstate.error.actor.');
  // Removed by moderators (on either call): the server's message is the page.
  if (failed && e.error?.status === 410) {
    return { value: 'removed', tags: [], shown: { poll: null, problem: removed.message } };
  }
  // No such poll, or no poll can have this id: the not-found screen, with no text of the server's.
  if (failed && (e.error?.status === 404 || e.error?.status === 400)) {
    return { value: 'notFound', tags: [], shown: { poll: null, problem: '' } };
  }
  switch (e.type) {
    case 'xstate.init':
      return {
        value: 'checking',
        tags: ['loading'],
        calls: [{ actor: 'checkAccess', input }],
        system: notWatched,
      };
    case 'xstate.done.actor.checkAccess':
      return e.output
        ? { value: 'loading', tags: ['loading'], calls: [{ actor: 'loadPoll', input }] }
        : { value: 'denied', tags: [], effects: [navigate('/', { replace: true })] };
    case 'xstate.error.actor.checkAccess':
      return {
        value: 'unavailable',
        tags: [],
        shown: { poll: null, problem: offline.message },
        effects: [log('poll access check failed', offline)],
      };
    case 'xstate.done.actor.loadPoll':
      return { value: 'shown', tags: [], shown: { poll, problem: '' }, system: { watching: ['poll:q1'] } };
    case 'live.reload':
      // loaded afresh: nothing of the earlier answer stays if this one fails
      return {
        value: 'loading',
        tags: ['loading'],
        shown: { poll: null, problem: '' },
        calls: [{ actor: 'loadPoll', input }],
        system: notWatched,
      };
    case 'xstate.error.actor.loadPoll':
      return {
        value: 'unavailable',
        tags: [],
        shown: { poll: null, problem: offline.message },
        effects: [log('poll load failed', offline)],
      };
    default:
      throw new Error(`unexpected ${e.type}`);
  }
}

describe('the poll page', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'checks access, then loads and shows the poll: %s',
    async (_, path) => {
      const live = watchRecorder();
      await executePath(pollDetailMachine, path, {
        input,
        promiseActors: ['checkAccess', 'loadPoll'],
        provide: { actors: { watchLive: live.watchLive } },
        system: live.watched,
        effects: ['navigate', 'log'],
        shown: ({ poll, problem }) => ({ poll, problem }),
        expectStep,
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, pollDetailMachine, paths);
  });

  it('shows the not-found screen, never the validation text, for an id no poll can have', () => {
    const malformedPaths = paths.filter((path) =>
      path.steps.some((step) => (step.event as { error?: unknown }).error === malformed),
    );
    expect(malformedPaths.length).toBeGreaterThan(0);
    for (const path of malformedPaths) {
      expect(path.state.matches('notFound')).toBe(true);
      expect(path.state.context.problem).toBe('');
    }
  });

  it('never loads a poll the viewer may not see', () => {
    const denied = paths.filter((path) => path.state.matches('denied'));
    expect(denied.length).toBeGreaterThan(0);
    for (const path of denied) {
      expect(path.steps.some((step) => step.event.type.includes('loadPoll'))).toBe(false);
    }
  });
});
