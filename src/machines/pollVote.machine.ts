/**
 * Voting a poll (spec §4 Poll vote, §5): one vote per user per poll; choosing another option moves the
 * vote (the earlier one leaves every option of the poll). The poll changes at once, then `votePoll`
 * tells the server, whose answer (the poll after the vote) replaces ours; a failure puts the poll back
 * and is only logged. Signed-out viewers get 'Login to vote' and no call; in a room, signed-in viewers
 * who have not joined it get 'First Join Room' (spec §5) and no call. Choosing the option already
 * chosen changes nothing. The live stream's tallies of the poll (`tally.changed`, told by the invoked
 * `followLive`) replace the counts and keep the viewer's choice; while the viewer's vote is on its way
 * they are ignored, as its answer brings the poll after it. Its author's edit of the question
 * (`poll.edited`, on the stream too) shows at once.
 *
 * Tags: `busy` while the vote is on its way.
 */
import { type AnyActorRef, assign, fromPromise, setup } from 'xstate';
import type { Poll } from '../domain/entities.ts';
import { POLLS, ROOMS } from '../domain/messages.ts';
import { followsNobody, type Notice, noEffect, notProvided } from './effects.ts';
import { refusals, voterChanges, voterFollowers, voterFollowing, voterGuards } from './voter.ts';

export interface PollVoteInput {
  poll: Poll;
  signedIn: boolean;
  /** The room page's actor when the item is shown on its room's page: its membership is followed. */
  roomPage?: AnyActorRef | null;
  /** Whether the viewer has joined the poll's room; true for topic polls. */
  roomMember: boolean;
}

export interface PollVoteContext {
  poll: Poll;
  signedIn: boolean;
  /** Whether the viewer may vote in the poll's room (true for topic polls); else 'First Join Room'. */
  roomMember: boolean;
  roomPage: AnyActorRef | null;
  /** The poll before the vote on its way, put back if it fails. */
  before: Poll | null;
}

export type PollVoteEvent =
  | { type: 'option.choose'; optionId: string }
  | { type: 'viewer.change'; signedIn: boolean }
  /** The viewer joined or left the poll's room while the card is shown. */
  | { type: 'membership.change'; roomMember: boolean }
  /** A fresher poll from elsewhere (the list reloaded). */
  | { type: 'poll.sync'; poll: Poll }
  /** The live stream says the counts changed (others voted). */
  | { type: 'tally.changed'; options: { id: string; votes: number }[]; totalVotes: number }
  /** The live stream says its author edited the question (only possible before its first vote). */
  | { type: 'poll.edited'; title: string; editedAt: string };

/** The poll with the live counts: each option's votes and the total; the viewer's choice stays. */
export function withTally(
  poll: Poll,
  tally: { options: { id: string; votes: number }[]; totalVotes: number },
): Poll {
  const votes = new Map(tally.options.map((option) => [option.id, option.votes]));
  return {
    ...poll,
    options: poll.options.map((option) => ({ ...option, votes: votes.get(option.id) ?? option.votes })),
    totalVotes: tally.totalVotes,
  };
}

/** The poll once the viewer's vote is on `optionId`: moved from the earlier option if there was one. */
export function moveVote(poll: Poll, optionId: string): Poll {
  const earlier = poll.myOptionId;
  if (earlier === optionId) return poll;
  return {
    ...poll,
    options: poll.options.map((option) => {
      if (option.id === optionId) return { ...option, votes: option.votes + 1 };
      if (option.id === earlier) return { ...option, votes: Math.max(0, option.votes - 1) };
      return option;
    }),
    totalVotes: earlier ? poll.totalVotes : poll.totalVotes + 1,
    myOptionId: optionId,
  };
}

/** An option's share of the votes, with 2 decimals (spec §2 Poll card). */
export const percentOf = (votes: number, total: number): string =>
  (total > 0 ? (votes / total) * 100 : 0).toFixed(2);

export const pollVoteMachine = setup({
  types: {
    context: {} as PollVoteContext,
    events: {} as PollVoteEvent,
    input: {} as PollVoteInput,
    tags: {} as 'busy',
  },
  actors: {
    votePoll: fromPromise<Poll, { pollOptionId: string }>(async () => notProvided('pollVote', 'votePoll')),
    ...voterFollowers,
    followLive: followsNobody<{ pollId: string }>(),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    choose: assign(({ context }, params: { optionId: string }) => ({
      before: context.poll,
      poll: moveVote(context.poll, params.optionId),
    })),
    settle: assign((_, params: { poll: Poll }) => ({ poll: params.poll, before: null })),
    rollBack: assign(({ context }) => ({ poll: context.before ?? context.poll, before: null })),
    syncPoll: assign((_, params: { poll: Poll }) => ({ poll: params.poll })),
    countLive: assign(
      ({ context }, params: { options: { id: string; votes: number }[]; totalVotes: number }) => ({
        poll: withTally(context.poll, params),
      }),
    ),
    setQuestion: assign(({ context }, params: { title: string; editedAt: string }) => ({
      poll: { ...context.poll, ...params },
    })),
    setViewer: assign((_, params: { signedIn: boolean }) => ({ signedIn: params.signedIn })),
    setMembership: assign((_, params: { roomMember: boolean }) => ({ roomMember: params.roomMember })),
  },
  guards: {
    ...voterGuards,
    /** An option of this poll other than the one already chosen. */
    isNewChoice: ({ context }, params: { optionId: string }) =>
      context.poll.myOptionId !== params.optionId &&
      context.poll.options.some((option) => option.id === params.optionId),
  },
}).createMachine({
  id: 'pollVote',
  context: ({ input }) => ({
    poll: input.poll,
    signedIn: input.signedIn,
    roomMember: input.roomMember,
    roomPage: input.roomPage ?? null,
    before: null,
  }),
  initial: 'idle',
  invoke: [
    ...voterFollowing,
    { id: 'followLive', src: 'followLive', input: ({ context }) => ({ pollId: context.poll.id }) },
  ],
  on: voterChanges,
  states: {
    idle: {
      on: {
        'option.choose': [
          ...refusals(POLLS.loginToVote, ROOMS.firstJoinPoll),
          {
            guard: { type: 'isNewChoice', params: ({ event }) => ({ optionId: event.optionId }) },
            target: 'voting',
            actions: { type: 'choose', params: ({ event }) => ({ optionId: event.optionId }) },
          },
          // the option already chosen: nothing changes
        ],
        'poll.sync': { actions: { type: 'syncPoll', params: ({ event }) => ({ poll: event.poll }) } },
        'tally.changed': {
          actions: {
            type: 'countLive',
            params: ({ event }) => ({ options: event.options, totalVotes: event.totalVotes }),
          },
        },
        'poll.edited': {
          actions: {
            type: 'setQuestion',
            params: ({ event }) => ({ title: event.title, editedAt: event.editedAt }),
          },
        },
      },
    },
    voting: {
      tags: ['busy'],
      invoke: {
        id: 'votePoll',
        src: 'votePoll',
        input: ({ context }) => ({ pollOptionId: context.poll.myOptionId ?? '' }),
        onDone: {
          target: 'idle',
          actions: { type: 'settle', params: ({ event }) => ({ poll: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: [
            'rollBack',
            { type: 'log', params: ({ event }) => ({ message: 'poll vote failed', error: event.error }) },
          ],
        },
      },
    },
  },
});
