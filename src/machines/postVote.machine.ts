/**
 * Voting a post or a comment (spec §4 Post vote, Comment vote; §5; §8 vote failures are only logged).
 *
 * Up when not upvoted sets 1 (clearing a down); up again removes the vote (0); down is symmetric. The
 * tally changes at once, then the `vote` actor tells the server; its answer (the tally after the vote)
 * replaces ours, and a failure puts the earlier tally back and is only logged. Signed-out viewers get
 * 'Sign In First' and no call; in a room, signed-in viewers who have not joined it get 'First Join The
 * Room' (spec §5) and no call. The same chart serves comments: give it a `commentId`.
 *
 * The live stream's tallies of this post or comment (`tally.changed`, told by the invoked `followLive`)
 * replace the counts and keep the viewer's own vote; while the viewer's vote is on its way they are
 * ignored, as its answer brings the tally after it.
 *
 * Each time the viewer's own vote moves (the click at once, the rollback of a failure, a server answer
 * that differs), the page counting their votes (`page`, the profile page) is sent 'vote.changed'
 * {from, to}.
 *
 * Tags: `busy` while the vote is on its way (further clicks wait for it).
 */
import { type AnyActorRef, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { Tally } from '../domain/entities.ts';
import { POSTS, ROOMS } from '../domain/messages.ts';
import type { VoteValue } from '../domain/postValidation.ts';
import { followsNobody, type Notice, noEffect, notProvided } from './effects.ts';
import { refusals, voterChanges, voterFollowers, voterFollowing, voterGuards } from './voter.ts';

export interface PostVoteInput {
  postId: string;
  /** null for the post itself. */
  commentId: string | null;
  tally: Tally;
  signedIn: boolean;
  /** The room page's actor when the item is shown on its room's page: its membership is followed. */
  roomPage?: AnyActorRef | null;
  /** Whether the viewer has joined the post's room; true for topic posts. */
  roomMember: boolean;
  /** The page counting the viewer's votes (the profile page), told each change of their vote. */
  page?: AnyActorRef | null;
}

export interface PostVoteContext {
  postId: string;
  commentId: string | null;
  tally: Tally;
  /** Whether a session is present: signed-out viewers are told to sign in, and nothing is sent. */
  signedIn: boolean;
  /** Whether the viewer may vote in the post's room (true for topic posts); else 'First Join The Room'. */
  roomMember: boolean;
  roomPage: AnyActorRef | null;
  page: AnyActorRef | null;
  /** The tally before the vote on its way, put back if it fails. */
  before: Tally | null;
}

export type PostVoteEvent =
  | { type: 'vote.up' }
  | { type: 'vote.down' }
  /** The viewer signed in or out while the card is shown. */
  | { type: 'viewer.change'; signedIn: boolean }
  /** The viewer joined or left the post's room while the card is shown. */
  | { type: 'membership.change'; roomMember: boolean }
  /** A fresher tally from elsewhere (the list reloaded). */
  | { type: 'tally.sync'; tally: Tally }
  /** The live stream says the counts changed (others voted). */
  | { type: 'tally.changed'; upvotes: number; downvotes: number };

/** What the live stream is followed for: the post's tally, or the comment's when `commentId` is set. */
export interface LiveTallyInput {
  postId: string;
  commentId: string | null;
}

/** What `page` is sent when the viewer's own vote moves. */
export type VoteChangedEvent = { type: 'vote.changed'; from: VoteValue; to: VoteValue };

export interface VoteCall {
  postId: string;
  commentId: string | null;
  val: VoteValue;
}

/** The value a click sends: the same direction again removes the vote. */
export const nextVote = (current: VoteValue, direction: 1 | -1): VoteValue =>
  current === direction ? 0 : direction;

/** The tally once the viewer's vote becomes `val`. */
export function applyVote(tally: Tally, val: VoteValue): Tally {
  const up = (tally.myVote === 1 ? -1 : 0) + (val === 1 ? 1 : 0);
  const down = (tally.myVote === -1 ? -1 : 0) + (val === -1 ? 1 : 0);
  return { upvotes: tally.upvotes + up, downvotes: tally.downvotes + down, myVote: val };
}

const vote = (direction: 1 | -1) => ({
  target: 'voting' as const,
  actions: [
    {
      type: 'tellPage' as const,
      params: ({ context }: { context: PostVoteContext }) => ({
        from: context.tally.myVote,
        to: nextVote(context.tally.myVote, direction),
      }),
    },
    { type: 'castVote' as const, params: { direction } },
  ],
});

/** Signed out: sign in first; signed in but not in the room: join first; else the vote goes. */
const voteOrRefuse = (direction: 1 | -1) => [
  ...refusals(POSTS.signInFirst, ROOMS.firstJoin),
  vote(direction),
];

export const postVoteMachine = setup({
  types: {
    context: {} as PostVoteContext,
    events: {} as PostVoteEvent,
    input: {} as PostVoteInput,
    tags: {} as 'busy',
  },
  actors: {
    vote: fromPromise<Tally, VoteCall>(async () => notProvided('postVote', 'vote')),
    ...voterFollowers,
    followLive: followsNobody<LiveTallyInput>(),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    /** The viewer's vote moves from `from` to `to`: the page counting it is told (not when it stays). */
    tellPage: enqueueActions(({ context, enqueue }, params: { from: VoteValue; to: VoteValue }) => {
      if (!context.page || params.from === params.to) return;
      const changed: VoteChangedEvent = { type: 'vote.changed', from: params.from, to: params.to };
      enqueue.sendTo(context.page, changed);
    }),
    castVote: assign(({ context }, params: { direction: 1 | -1 }) => ({
      before: context.tally,
      tally: applyVote(context.tally, nextVote(context.tally.myVote, params.direction)),
    })),
    settle: assign((_, params: { tally: Tally }) => ({ tally: params.tally, before: null })),
    rollBack: assign(({ context }) => ({ tally: context.before ?? context.tally, before: null })),
    syncTally: assign((_, params: { tally: Tally }) => ({ tally: params.tally })),
    countLive: assign(({ context }, params: { upvotes: number; downvotes: number }) => ({
      tally: { ...context.tally, upvotes: params.upvotes, downvotes: params.downvotes },
    })),
    setViewer: assign((_, params: { signedIn: boolean }) => ({ signedIn: params.signedIn })),
    setMembership: assign((_, params: { roomMember: boolean }) => ({ roomMember: params.roomMember })),
  },
  guards: voterGuards,
}).createMachine({
  id: 'postVote',
  context: ({ input }) => ({
    postId: input.postId,
    commentId: input.commentId,
    tally: input.tally,
    signedIn: input.signedIn,
    roomMember: input.roomMember,
    roomPage: input.roomPage ?? null,
    page: input.page ?? null,
    before: null,
  }),
  initial: 'idle',
  invoke: [
    ...voterFollowing,
    {
      id: 'followLive',
      src: 'followLive',
      input: ({ context }) => ({ postId: context.postId, commentId: context.commentId }),
    },
  ],
  on: voterChanges,
  states: {
    idle: {
      on: {
        'vote.up': voteOrRefuse(1),
        'vote.down': voteOrRefuse(-1),
        'tally.sync': { actions: { type: 'syncTally', params: ({ event }) => ({ tally: event.tally }) } },
        'tally.changed': {
          actions: {
            type: 'countLive',
            params: ({ event }) => ({ upvotes: event.upvotes, downvotes: event.downvotes }),
          },
        },
      },
    },
    voting: {
      tags: ['busy'],
      invoke: {
        id: 'vote',
        src: 'vote',
        input: ({ context }) => ({
          postId: context.postId,
          commentId: context.commentId,
          val: context.tally.myVote,
        }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'tellPage',
              params: ({ context, event }) => ({ from: context.tally.myVote, to: event.output.myVote }),
            },
            { type: 'settle', params: ({ event }) => ({ tally: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'tellPage',
              params: ({ context }) => ({
                from: context.tally.myVote,
                to: (context.before ?? context.tally).myVote,
              }),
            },
            'rollBack',
            { type: 'log', params: ({ event }) => ({ message: 'vote failed', error: event.error }) },
          ],
        },
      },
    },
  },
});
