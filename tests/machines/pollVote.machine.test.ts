import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { Poll } from '../../src/domain/entities.ts';
import { POLLS, ROOMS } from '../../src/domain/messages.ts';
import { moveVote, percentOf, pollVoteMachine, withTally } from '../../src/machines/pollVote.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { makePoll } from '../support/feedFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof pollVoteMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const poll = makePoll('q1');
const serverPoll = moveVote(poll, 'q1-b');
const syncedPoll = moveVote(poll, 'q1-c');
const down = { status: 500, message: 'boom' };
/** The counts the live stream sends after others voted. */
const liveTally = {
  options: [
    { id: 'q1-a', votes: 5 },
    { id: 'q1-b', votes: 4 },
    { id: 'q1-c', votes: 1 },
  ],
  totalVotes: 10,
};

/** The question as its author edited it (issue 33), on the live stream. */
const liveEdit = { title: 'Lab on Saturday, then?', editedAt: '2026-11-28T10:00:00.000Z' };

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
      failure('votePoll', down),
      { type: 'poll.sync', poll: syncedPoll },
      { type: 'tally.changed', ...liveTally },
      { type: 'poll.edited', ...liveEdit },
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const scenarios = [
  { who: 'a signed-in viewer', input: { poll, signedIn: true, roomMember: true } },
  { who: 'a signed-in viewer outside the poll’s room', input: { poll, signedIn: true, roomMember: false } },
  { who: 'a visitor', input: { poll, signedIn: false, roomMember: false } },
];
type Input = (typeof scenarios)[number]['input'];
const pathsOf = (input: Input) => generatePaths(pollVoteMachine, { events, input });

/**
 * Spec §4 Poll vote, §5: visitors are told to log in and outsiders of the room to join, and nothing is
 * sent; choosing another option moves the vote at once, the server's poll replaces ours and a failure
 * puts ours back (only logged); the option already chosen changes nothing. The live stream's counts
 * replace ours and keep the viewer's choice.
 */
function pollOracle(input: Input) {
  let { signedIn, roomMember } = input;
  let beforeVote = input.poll;
  return (event: Event, before: Snapshot): ExpectedStep => {
    const { poll: shownPoll } = before.context;
    const e = event as unknown as {
      type: string;
      optionId: string;
      signedIn: boolean;
      roomMember: boolean;
      poll: Poll;
      options: { id: string; votes: number }[];
      totalVotes: number;
    };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'idle', tags: [], shown: input.poll };
      case 'option.choose':
        if (!signedIn) return { effects: [notify('error', POLLS.loginToVote)] };
        if (!roomMember) return { effects: [notify('error', ROOMS.firstJoinPoll)] };
        if (shownPoll.myOptionId === e.optionId) return {};
        beforeVote = shownPoll;
        return {
          value: 'voting',
          tags: ['busy'],
          shown: moveVote(shownPoll, e.optionId),
          calls: [{ actor: 'votePoll', input: { pollOptionId: e.optionId } }],
        };
      case 'viewer.change':
        signedIn = e.signedIn;
        return {};
      case 'membership.change':
        roomMember = e.roomMember;
        return {};
      case 'poll.sync':
        return { shown: e.poll };
      case 'tally.changed':
        return {
          shown: {
            ...shownPoll,
            options: shownPoll.options.map((option) => ({
              ...option,
              votes: e.options.find((counted) => counted.id === option.id)?.votes,
            })),
            totalVotes: e.totalVotes,
          },
        };
      case 'poll.edited':
        return { shown: { ...shownPoll, ...liveEdit } };
      case 'xstate.done.actor.votePoll':
        return { value: 'idle', tags: [], shown: serverPoll };
      default:
        return { value: 'idle', tags: [], shown: beforeVote, effects: [log('poll vote failed', down)] };
    }
  };
}

describe.each(scenarios)('poll vote as $who', ({ input }) => {
  it.each(pathsOf(input).map((path) => [describePath(path), path] as const))(
    'moves the vote at once, sends it and settles or rolls back: %s',
    async (_, path) => {
      await executePath(pollVoteMachine, path, {
        input,
        promiseActors: ['votePoll'],
        effects: ['notify', 'log'],
        shown: (context) => context.poll,
        expectStep: pollOracle(input),
      });
    },
  );
});

describe('poll vote chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
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

  it('takes the live counts of the options it knows and keeps the viewer’s choice', () => {
    const voted = moveVote(poll, 'q1-a');
    const counted = withTally(voted, { options: [{ id: 'q1-b', votes: 9 }], totalVotes: 12 });
    expect(counted.options.map((option) => option.votes)).toEqual([2, 9, 0]);
    expect(counted.totalVotes).toBe(12);
    expect(counted.myOptionId).toBe('q1-a');
  });

  it('shows shares with 2 decimals, 0.00 without votes', () => {
    expect(percentOf(1, 3)).toBe('33.33');
    expect(percentOf(2, 3)).toBe('66.67');
    expect(percentOf(0, 0)).toBe('0.00');
  });
});
