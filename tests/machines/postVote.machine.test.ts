import { describe, expect, it, vi } from 'vitest';
import {
  type AnyActorRef,
  createActor,
  createMachine,
  type EventFrom,
  fromPromise,
  type SnapshotFrom,
} from 'xstate';
import type { Tally } from '../../src/domain/entities.ts';
import { POSTS, ROOMS } from '../../src/domain/messages.ts';
import type { VoteValue } from '../../src/domain/postValidation.ts';
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
      { type: 'tally.changed', upvotes: 12, downvotes: 5 },
    ] as Event[]
  ).filter((event) => snapshot.can(event));

/** The page counting the viewer's votes (the profile page): it is told each move of their vote. */
const page = createActor(createMachine({}), { id: 'profilePage' });

interface Input {
  postId: string;
  commentId: string | null;
  tally: Tally;
  signedIn: boolean;
  roomMember: boolean;
  page?: AnyActorRef | null;
}

const scenarios: { who: string; input: Input }[] = [
  {
    who: 'a signed-in viewer on a post of a profile page',
    input: {
      postId: 'p1',
      commentId: null,
      tally: { upvotes: 3, downvotes: 1, myVote: 0 },
      signedIn: true,
      roomMember: true,
      page,
    },
  },
  {
    who: 'a signed-in viewer outside the post’s room, on a profile page',
    input: {
      postId: 'p1',
      commentId: null,
      tally: { upvotes: 3, downvotes: 1, myVote: 1 },
      signedIn: true,
      roomMember: false,
      page,
    },
  },
  {
    who: 'a visitor on a comment (no page counts the votes)',
    input: {
      postId: 'p1',
      commentId: 'c1',
      tally: { upvotes: 0, downvotes: 2, myVote: -1 },
      signedIn: false,
      roomMember: false,
    },
  },
];

const pathsOf = (input: Input) => generatePaths(postVoteMachine, { events, input });

/**
 * Spec §4 Post vote, §5, §8: visitors are told to sign in and outsiders of the room to join, and nothing
 * is sent; otherwise the tally moves at once, the vote goes, the server's tally replaces ours and a
 * failure puts ours back (only logged). The page counting the votes hears every move of the viewer's
 * own vote, and only a move. The live stream's counts replace ours and keep the viewer's vote.
 */
function voteOracle(input: Input) {
  let { signedIn, roomMember } = input;
  let beforeVote = input.tally;
  const told = (from: VoteValue, to: VoteValue) =>
    input.page && from !== to ? [{ to: 'profilePage', event: { type: 'vote.changed', from, to } }] : [];
  return (event: Event, before: Snapshot): ExpectedStep => {
    const { tally } = before.context;
    const e = event as unknown as {
      type: string;
      signedIn: boolean;
      roomMember: boolean;
      tally: Tally;
      upvotes: number;
      downvotes: number;
    };
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
          sent: told(tally.myVote, val),
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
      case 'tally.changed':
        return { shown: { upvotes: e.upvotes, downvotes: e.downvotes, myVote: tally.myVote } };
      case 'xstate.done.actor.vote':
        // the server's answer may differ from the vote shown (another tab voted meanwhile)
        return { value: 'idle', tags: [], shown: serverTally, sent: told(tally.myVote, serverTally.myVote) };
      default:
        return {
          value: 'idle',
          tags: [],
          shown: beforeVote,
          effects: [log('vote failed', down)],
          sent: told(tally.myVote, beforeVote.myVote),
        };
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

describe('live tallies (issue 20)', () => {
  it('leaves the tally to the vote’s answer while the viewer’s vote is on its way', async () => {
    let answer: (tally: Tally) => void = () => {};
    const actor = createActor(
      postVoteMachine.provide({
        actors: { vote: fromPromise(() => new Promise<Tally>((resolve) => (answer = resolve))) },
      }),
      {
        input: {
          postId: 'p1',
          commentId: null,
          tally: { upvotes: 1, downvotes: 0, myVote: 0 },
          signedIn: true,
          roomMember: true,
        },
      },
    ).start();
    actor.send({ type: 'vote.up' });
    actor.send({ type: 'tally.changed', upvotes: 1, downvotes: 0 });
    expect(actor.getSnapshot().context.tally).toEqual({ upvotes: 2, downvotes: 0, myVote: 1 });
    answer({ upvotes: 3, downvotes: 0, myVote: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'tally.changed', upvotes: 4, downvotes: 1 });
    expect(actor.getSnapshot().context.tally).toEqual({ upvotes: 4, downvotes: 1, myVote: 1 });
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
