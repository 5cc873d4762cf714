/**
 * The feed machines on the system's API and platform: the lists (home, popular, topics), the post and
 * poll votes, deletion and the poll page. A vote follows the viewer and, in a room, the room page's
 * membership (`followViewer`, `followRoomMembership`), and its item's tally on the live stream
 * (`followLive`); the poll page is watched while shown (`watchLive`). `notify` is the toast of the cards' own refusals
 * (opening or sharing a room item the viewer has not joined, spec §5).
 */
import { fromPromise } from 'xstate';
import type { Topic } from '../domain/constants.ts';
import type { Tally } from '../domain/entities.ts';
import type { ListSort } from '../domain/sorting.ts';
import { deleteItemMachine } from '../machines/deleteItem.machine.ts';
import type { Notice } from '../machines/effects.ts';
import { type PageRequest, type PageSources, pagedListMachine } from '../machines/pagedList.machine.ts';
import { pollDetailMachine } from '../machines/pollDetail.machine.ts';
import { pollVoteMachine } from '../machines/pollVote.machine.ts';
import { type LiveTallyInput, postVoteMachine, type VoteCall } from '../machines/postVote.machine.ts';
import { effectsOf } from './effects.ts';
import { followActor, followViewer } from './follow.ts';
import { followLive, followReload, watchLive } from './live.ts';
import type { QuadSystem } from './quadSystem.ts';

/** A paged list whose pages come from `load` (one array per source); failures are logged. */
export const listOf = (system: QuadSystem, load: (request: PageRequest) => Promise<PageSources>) =>
  pagedListMachine.provide({
    actors: { fetchPage: fromPromise(({ input }: { input: PageRequest }) => load(input)) },
    actions: { log: effectsOf(system.platform).log },
  });

/** A list call's order: none for the spec's order, which the call then asks as the spec writes it. */
export const sortedBy = (sort: ListSort | null): { sort?: ListSort } => (sort ? { sort } : {});

/** What a vote chart hears: whether someone is signed in, and whether they are in the item's room. */
export const voterFollows = {
  followViewer: followViewer((user) => ({ type: 'viewer.change' as const, signedIn: user !== null })),
  followRoomMembership: followActor((page: { hasTag(tag: 'member'): boolean }) => ({
    type: 'membership.change' as const,
    roomMember: page.hasTag('member'),
  })),
};

const tallyChanged = ({ upvotes, downvotes }: { upvotes: number; downvotes: number }) => ({
  type: 'tally.changed' as const,
  upvotes,
  downvotes,
});

/** The live tally of a post (commentId null) or of a comment, for its vote chart. */
export const followPostTally = followLive((emitted, { postId, commentId }: LiveTallyInput) => {
  if (commentId === null && emitted.type === 'live.post.tally' && emitted.postId === postId) {
    return tallyChanged(emitted);
  }
  if (commentId !== null && emitted.type === 'live.comment.tally' && emitted.commentId === commentId) {
    return tallyChanged(emitted);
  }
  return null;
});

/** The live tally of a poll, and its author's edits of the question, for its vote chart. */
export const followPollTally = followLive((emitted, { pollId }: { pollId: string }) => {
  if (emitted.type === 'live.poll.tally' && emitted.pollId === pollId) {
    return { type: 'tally.changed' as const, options: emitted.options, totalVotes: emitted.totalVotes };
  }
  if (emitted.type === 'live.poll.edited' && emitted.pollId === pollId) {
    return { type: 'poll.edited' as const, title: emitted.title, editedAt: emitted.editedAt };
  }
  return null;
});

export function feedMachines(system: QuadSystem) {
  const { api, platform } = system;
  const { notify, navigate, log } = effectsOf(platform);
  const list = (load: (request: PageRequest) => Promise<PageSources>) => listOf(system, load);
  return {
    notify: (notice: Notice) => platform.notify(notice),
    /** Home: a page is 15 posts and 15 polls, asked together. */
    homeList: list(({ offset }) => api.fetchHomePage(offset)),
    popularList: list(async ({ page, limit }) => [await api.fetchPopularPosts({ page, limit })]),
    topicPostList: (topic: Topic) =>
      list(async ({ page, limit, sort }) => [
        await api.fetchTopicPosts({ topic, page, limit, ...sortedBy(sort) }),
      ]),
    topicPollList: (topic: Topic) =>
      list(async ({ offset, limit }) => [await api.fetchTopicPolls({ topic, offset, limit })]),
    postVote: postVoteMachine.provide({
      actors: {
        vote: fromPromise<Tally, VoteCall>(({ input }) => api.votePost(input)),
        ...voterFollows,
        followLive: followPostTally,
      },
      actions: { notify, log },
    }),
    pollVote: pollVoteMachine.provide({
      actors: {
        votePoll: fromPromise(({ input }: { input: { pollOptionId: string } }) =>
          api.votePoll(input.pollOptionId),
        ),
        ...voterFollows,
        followLive: followPollTally,
      },
      actions: { notify, log },
    }),
    deleteItem: deleteItemMachine.provide({
      actors: {
        deleteItem: fromPromise<unknown, { kind: 'post' | 'poll'; id: string }>(({ input }) =>
          input.kind === 'post' ? api.deletePost(input.id) : api.deletePoll(input.id),
        ),
      },
      actions: { notify, log, navigate },
    }),
    pollDetail: pollDetailMachine.provide({
      actors: {
        checkAccess: fromPromise(({ input }: { input: { id: string } }) => api.fetchPollAccess(input.id)),
        loadPoll: fromPromise(({ input }: { input: { id: string } }) => api.fetchPoll(input.id)),
        watchLive,
        followLive: followReload,
      },
      actions: { navigate, log },
    }),
  };
}

export type FeedMachines = ReturnType<typeof feedMachines>;
