import { describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { POLLS } from '../../src/domain/messages.ts';
import { pollDetailMachine } from '../../src/machines/pollDetail.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { makePoll } from '../support/feedFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof pollDetailMachine;
type Event = EventFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const poll = makePoll('q1');

const events = (snapshot: SnapshotFrom<Machine>): Event[] =>
  (
    [
      done('checkAccess', true),
      done('checkAccess', false),
      failure('checkAccess', { status: 404, message: POLLS.notFound }),
      done('loadPoll', poll),
      failure('loadPoll', { status: 0, message: 'Network Error' }),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const paths = generatePaths(pollDetailMachine, { events: events as never, input: { id: 'q1' } });

describe('the poll page', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const navigate = vi.fn();
      const log = vi.fn();
      await executePath(pollDetailMachine, path as MachinePath<Machine>, {
        input: { id: 'q1' },
        promiseActors: ['checkAccess', 'loadPoll'],
        provide: { actions: { navigate, log } },
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      const denied = path.state.matches('denied');
      expect(navigate.mock.calls.map(([, to]) => to)).toEqual(denied ? [{ to: '/', replace: true }] : []);
      if (path.state.matches('unavailable')) {
        expect(path.state.context.problem).toBe(
          path.steps.some((s) => s.event.type === 'xstate.error.actor.checkAccess')
            ? POLLS.notFound
            : 'Network Error',
        );
      }
    },
  );

  it('has every state reached by some path', () => {
    expectEveryStateReached(pollDetailMachine, paths);
  });

  it('never loads a poll the viewer may not see', () => {
    const denied = paths.filter((path) => path.state.matches('denied'));
    expect(denied.length).toBeGreaterThan(0);
    for (const path of denied) {
      expect(path.steps.some((step) => step.event.type.includes('loadPoll'))).toBe(false);
    }
  });
});
