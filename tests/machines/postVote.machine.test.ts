import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import type { Tally } from '../../src/domain/entities.ts';
import { POSTS, ROOMS } from '../../src/domain/messages.ts';
import { applyVote, nextVote, postVoteMachine, type VoteCall } from '../../src/machines/postVote.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof postVoteMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const serverTally: Tally = { upvotes: 8, downvotes: 2, myVote: 1 };

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
      failure('vote', { status: 500, message: 'boom' }),
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

const pathsOf = (input: (typeof scenarios)[number]['input']) =>
  generatePaths(postVoteMachine, { events: events as never, input, simplePaths: false });

describe.each(scenarios)('voting as $who', ({ input }) => {
  const paths = pathsOf(input);
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const notify = vi.fn();
      const log = vi.fn();
      let before: Snapshot | null = null;
      const expectedNotices: unknown[] = [];
      let failures = 0;
      await executePath(postVoteMachine, path as MachinePath<Machine>, {
        input,
        promiseActors: ['vote'],
        provide: { actions: { notify, log } },
        onStep: (actualState, expectedState, event) => {
          const actual = actualState as Snapshot;
          expect(actual.tags).toEqual(expectedState.tags);
          const prior = before;
          before = actual;
          if (!prior) return;
          const direction = event.type === 'vote.up' ? 1 : event.type === 'vote.down' ? -1 : null;
          if (direction && prior.matches('idle') && !prior.context.signedIn) {
            // signed out: told to sign in, nothing sent, nothing changes
            expectedNotices.push({ kind: 'error', text: POSTS.signInFirst });
            expect(actual.value).toBe('idle');
            expect(actual.context.tally).toEqual(prior.context.tally);
          } else if (direction && prior.matches('idle') && !prior.context.roomMember) {
            // signed in, not in the post's room (spec §5): told to join first, nothing sent
            expectedNotices.push({ kind: 'error', text: ROOMS.firstJoin });
            expect(actual.value).toBe('idle');
            expect(actual.context.tally).toEqual(prior.context.tally);
          } else if (direction && prior.matches('idle')) {
            // optimistic: the tally moves before the server answers
            expect(actual.value).toBe('voting');
            expect(actual.context.tally).toEqual(
              applyVote(prior.context.tally, nextVote(prior.context.tally.myVote, direction)),
            );
          } else if (direction) {
            // a click while a vote is on its way waits for it
            expect(actual.context.tally).toEqual(prior.context.tally);
          }
          if ((event.type as string) === 'xstate.error.actor.vote') {
            failures += 1;
            expect(actual.context.tally).toEqual(prior.context.before);
          }
          if ((event.type as string) === 'xstate.done.actor.vote')
            expect(actual.context.tally).toEqual(serverTally);
        },
      });
      expect(notify.mock.calls.map(([, notice]) => notice)).toEqual(expectedNotices);
      expect(log).toHaveBeenCalledTimes(failures);
    },
  );
});

describe('post vote chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(
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
