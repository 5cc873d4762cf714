import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import type { Tally } from '../../src/domain/entities.ts';
import { POSTS, ROOMS } from '../../src/domain/messages.ts';
import { applyVote, nextVote, postVoteMachine, type VoteCall } from '../../src/machines/postVote.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof postVoteMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const serverTally: Tally = { upvotes: 8, downvotes: 2, myVote: 1 };
const syncedTally: Tally = { upvotes: 9, downvotes: 4, myVote: -1 };
const down = { status: 500, message: 'boom' };

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'vote.up' },
      { type: 'vote.down' },
      { type: 'viewer.change', signedIn: false },
      { type: 'viewer.change', signedIn: true },
      { type: 'membership.change', roomMember: false },
      { type: 'membership.change', roomMember: true },
      done('vote', serverTally),
      failure('vote', down),
      { type: 'tally.sync', tally: syncedTally },
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const scenarios = [
  {
    who: 'a signed-in viewer on a post',
    input: {
      postId: 'p1',
      commentId: null,
      tally: { upvotes: 3, downvotes: 1, myVote: 0 as const },
      signedIn: true,
      roomMember: true,
    },
  },
  {
    who: 'a signed-in viewer outside the post’s room',
    input: {
      postId: 'p1',
      commentId: null,
      tally: { upvotes: 3, downvotes: 1, myVote: 1 as const },
      signedIn: true,
      roomMember: false,
    },
  },
  {
    who: 'a visitor on a comment',
    input: {
      postId: 'p1',
      commentId: 'c1',
      tally: { upvotes: 0, downvotes: 2, myVote: -1 as const },
      signedIn: false,
      roomMember: false,
    },
  },
];

type Input = (typeof scenarios)[number]['input'];
const pathsOf = (input: Input) => generatePaths(postVoteMachine, { events, input });

/**
 * Spec §4 Post vote, §5, §8: visitors are told to sign in and outsiders of the room to join, and nothing
 * is sent; otherwise the tally moves at once, the vote goes, the server's tally replaces ours and a
 * failure puts ours back (only logged).
 */
function voteOracle(input: Input) {
  let { signedIn, roomMember } = input;
  let beforeVote = input.tally;
  return (event: Event, before: Snapshot): ExpectedStep => {
    const { tally } = before.context;
    const e = event as unknown as { type: string; signedIn: boolean; roomMember: boolean; tally: Tally };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'idle', tags: [], shown: input.tally };
      case 'vote.up':
      case 'vote.down': {
        if (!signedIn) return { effects: [notify('error', POSTS.signInFirst)] };
        if (!roomMember) return { effects: [notify('error', ROOMS.firstJoin)] };
        const val = nextVote(tally.myVote, e.type === 'vote.up' ? 1 : -1);
        beforeVote = tally;
        return {
          value: 'voting',
          tags: ['busy'],
          shown: applyVote(tally, val),
          calls: [{ actor: 'vote', input: { postId: input.postId, commentId: input.commentId, val } }],
        };
      }
      case 'viewer.change':
        signedIn = e.signedIn;
        return {};
      case 'membership.change':
        roomMember = e.roomMember;
        return {};
      case 'tally.sync':
        return { shown: e.tally };
      case 'xstate.done.actor.vote':
        return { value: 'idle', tags: [], shown: serverTally };
      default:
        return { value: 'idle', tags: [], shown: beforeVote, effects: [log('vote failed', down)] };
    }
  };
}

describe.each(scenarios)('voting as $who', ({ input }) => {
  it.each(pathsOf(input).map((path) => [describePath(path), path] as const))(
    'moves the tally at once, sends the vote and settles or rolls back: %s',
    async (_, path) => {
      await executePath(postVoteMachine, path, {
        input,
        promiseActors: ['vote'],
        effects: ['notify', 'log'],
        shown: (context) => context.tally,
        expectStep: voteOracle(input),
      });
    },
  );
});

describe('post vote chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      postVoteMachine,
      scenarios.flatMap(({ input }) => pathsOf(input)),
    );
  });

  it('sends the toggled value with the post and comment ids', async () => {
    const vote = vi.fn(async (call: VoteCall) =>
      applyVote({ upvotes: 0, downvotes: 0, myVote: 0 }, call.val),
    );
    const actor = createActor(
      postVoteMachine.provide({ actors: { vote: fromPromise(({ input }) => vote(input)) } }),
      {
        input: {
          postId: 'p1',
          commentId: 'c9',
          tally: { upvotes: 0, downvotes: 0, myVote: 0 },
          signedIn: true,
          roomMember: true,
        },
      },
    ).start();
    actor.send({ type: 'vote.up' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'vote.up' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'vote.down' });
    expect(vote.mock.calls.map(([call]) => call)).toEqual([
      { postId: 'p1', commentId: 'c9', val: 1 },
      { postId: 'p1', commentId: 'c9', val: 0 },
      { postId: 'p1', commentId: 'c9', val: -1 },
    ]);
  });
});

describe('voting in a room (spec §5)', () => {
  let notices: unknown[] = [];
  const inRoom = (signedIn: boolean) =>
    createActor(postVoteMachine.provide({ actions: { notify: (_, notice) => notices.push(notice) } }), {
      input: { postId: 'p1', commentId: null, tally: serverTally, signedIn, roomMember: false },
    }).start();

  it('asks visitors to sign in before asking them to join', () => {
    notices = [];
    inRoom(false).send({ type: 'vote.up' });
    expect(notices).toEqual([{ kind: 'error', text: POSTS.signInFirst }]);
  });

  it('lets the viewer vote once they join the room while the card is shown', () => {
    notices = [];
    const actor = inRoom(true);
    actor.send({ type: 'vote.down' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'membership.change', roomMember: true });
    actor.send({ type: 'vote.down' });
    expect(actor.getSnapshot().value).toBe('voting');
    expect(notices).toEqual([{ kind: 'error', text: ROOMS.firstJoin }]);
  });
});

describe('the toggle rule (spec §4)', () => {
  it.each([
    [0, 1, 1],
    [1, 1, 0],
    [-1, 1, 1],
    [0, -1, -1],
    [-1, -1, 0],
    [1, -1, -1],
  ] as const)('from %i, clicking %i gives %i', (current, direction, value) => {
    expect(nextVote(current, direction)).toBe(value);
  });

  it('moves the counts: up clears a down, up again removes the up', () => {
    const down: Tally = { upvotes: 4, downvotes: 2, myVote: -1 };
    const up = applyVote(down, 1);
    expect(up).toEqual({ upvotes: 5, downvotes: 1, myVote: 1 });
    expect(applyVote(up, 0)).toEqual({ upvotes: 4, downvotes: 1, myVote: 0 });
  });
});
