import { describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { POLLS, ROOMS } from '../../src/domain/messages.ts';
import { moveVote, percentOf, pollVoteMachine } from '../../src/machines/pollVote.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { makePoll } from '../support/feedFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof pollVoteMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const poll = makePoll('q1');
const serverPoll = moveVote(poll, 'q1-b');

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'option.choose', optionId: 'q1-a' },
      { type: 'option.choose', optionId: 'q1-b' },
      { type: 'viewer.change', signedIn: false },
      { type: 'viewer.change', signedIn: true },
      { type: 'membership.change', roomMember: false },
      { type: 'membership.change', roomMember: true },
      done('votePoll', serverPoll),
      failure('votePoll', { status: 500, message: 'boom' }),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const scenarios = [
  { who: 'a signed-in viewer', input: { poll, signedIn: true, roomMember: true } },
  { who: 'a signed-in viewer outside the poll’s room', input: { poll, signedIn: true, roomMember: false } },
  { who: 'a visitor', input: { poll, signedIn: false, roomMember: false } },
];
const pathsOf = (input: (typeof scenarios)[number]['input']) =>
  generatePaths(pollVoteMachine, { events: events as never, input, simplePaths: false });

describe.each(scenarios)('poll vote as $who', ({ input }) => {
  const paths = pathsOf(input);
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const notify = vi.fn();
      const log = vi.fn();
      const notices: unknown[] = [];
      let failures = 0;
      let before: Snapshot | null = null;
      await executePath(pollVoteMachine, path as MachinePath<Machine>, {
        input,
        promiseActors: ['votePoll'],
        provide: { actions: { notify, log } },
        onStep: (actualState, expectedState, event) => {
          const actual = actualState as Snapshot;
          expect(actual.tags).toEqual(expectedState.tags);
          const prior = before;
          before = actual;
          // one vote per user: the options' votes always add up to the total
          const sum = actual.context.poll.options.reduce((total, option) => total + option.votes, 0);
          expect(sum).toBe(actual.context.poll.totalVotes);
          if (!prior || event.type !== 'option.choose') {
            if ((event.type as string) === 'xstate.error.actor.votePoll') {
              failures += 1;
              expect(actual.context.poll).toEqual(prior?.context.before);
            }
            return;
          }
          const { optionId } = event as { optionId: string };
          if (!prior.matches('idle')) {
            expect(actual.context.poll).toEqual(prior.context.poll);
          } else if (!prior.context.signedIn) {
            notices.push({ kind: 'error', text: POLLS.loginToVote });
            expect(actual.context.poll).toEqual(prior.context.poll);
          } else if (!prior.context.roomMember) {
            // spec §5: in a room, voting needs membership
            notices.push({ kind: 'error', text: ROOMS.firstJoinPoll });
            expect(actual.value).toBe('idle');
            expect(actual.context.poll).toEqual(prior.context.poll);
          } else if (prior.context.poll.myOptionId === optionId) {
            expect(actual.value).toBe('idle');
          } else {
            expect(actual.value).toBe('voting');
            expect(actual.context.poll).toEqual(moveVote(prior.context.poll, optionId));
          }
        },
      });
      expect(notify.mock.calls.map(([, notice]) => notice)).toEqual(notices);
      expect(log).toHaveBeenCalledTimes(failures);
    },
  );
});

describe('poll vote chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(
      pollVoteMachine,
      scenarios.flatMap(({ input }) => pathsOf(input)),
    );
  });
});

describe('moving a vote (spec §4 Poll vote)', () => {
  it('adds a first vote to the option and the total', () => {
    const voted = moveVote(poll, 'q1-c');
    expect(voted.options.map((option) => option.votes)).toEqual([1, 2, 1]);
    expect(voted.totalVotes).toBe(4);
    expect(voted.myOptionId).toBe('q1-c');
  });

  it('moves an earlier vote: the old option loses it, the total stays', () => {
    const moved = moveVote(moveVote(poll, 'q1-a'), 'q1-b');
    expect(moved.options.map((option) => option.votes)).toEqual([1, 3, 0]);
    expect(moved.totalVotes).toBe(4);
  });

  it('shows shares with 2 decimals, 0.00 without votes', () => {
    expect(percentOf(1, 3)).toBe('33.33');
    expect(percentOf(2, 3)).toBe('66.67');
    expect(percentOf(0, 0)).toBe('0.00');
  });
});
