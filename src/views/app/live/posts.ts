/**
 * The feed, vote, delete and poll-page machines joined to the real API, toasts and router: the one place
 * where their services are provided. Views get them through `FeedMachinesProvider` (feedMachines.tsx),
 * so that tests can hand the same real charts fake services instead. `notify` is the toast effect for
 * the cards' own refusals (opening or sharing a room item the viewer has not joined, spec §5).
 */
import { fromPromise } from 'xstate';
import type { Topic } from '../../../domain/constants.ts';
import type { Tally } from '../../../domain/entities.ts';
import { deleteItemMachine } from '../../../machines/deleteItem.machine.ts';
import type { Notice } from '../../../machines/effects.ts';
import { type PageRequest, type PageSources, pagedListMachine } from '../../../machines/pagedList.machine.ts';
import { pollDetailMachine } from '../../../machines/pollDetail.machine.ts';
import { pollVoteMachine } from '../../../machines/pollVote.machine.ts';
import { postVoteMachine, type VoteCall } from '../../../machines/postVote.machine.ts';
import { fetchHomePage, HOME_FIRST_PAGE } from '../../../services/api/homeFeed.ts';
import {
  deletePoll,
  fetchPoll,
  fetchPollAccess,
  fetchTopicPolls,
  votePoll,
} from '../../../services/api/polls.ts';
import { deletePost, fetchPopularPosts, fetchTopicPosts, votePost } from '../../../services/api/posts.ts';
import { takeIfArrived, takePrefetched } from '../../../services/prefetch.ts';
import { effectActions, showNotice } from '../effects.ts';

const { notify, navigate, log } = effectActions;

/** A paged list whose pages come from `load` (one array per source); failures are logged. */
export const listOf = (load: (request: PageRequest) => Promise<PageSources>) =>
  pagedListMachine.provide({
    actors: { fetchPage: fromPromise(({ input }: { input: PageRequest }) => load(input)) },
    actions: { log },
  });

export const liveFeedMachines = {
  notify: (notice: Notice) => showNotice(notice),
  /** Home: a page is 15 posts and 15 polls, asked together; the first may have been asked at startup. */
  homeList: listOf(({ offset }) =>
    offset === 0 ? takePrefetched(HOME_FIRST_PAGE, () => fetchHomePage(0)) : fetchHomePage(offset),
  ),
  /** The home feed's first page when the startup request has already answered (see HomePage). */
  homeFirstPage: (): PageSources | undefined => takeIfArrived(HOME_FIRST_PAGE),
  popularList: listOf(async ({ page, limit }) => [await fetchPopularPosts({ page, limit })]),
  topicPostList: (topic: Topic) =>
    listOf(async ({ page, limit }) => [await fetchTopicPosts({ topic, page, limit })]),
  topicPollList: (topic: Topic) =>
    listOf(async ({ offset, limit }) => [await fetchTopicPolls({ topic, offset, limit })]),
  postVote: postVoteMachine.provide({
    actors: { vote: fromPromise<Tally, VoteCall>(({ input }) => votePost(input)) },
    actions: { notify, log },
  }),
  pollVote: pollVoteMachine.provide({
    actors: {
      votePoll: fromPromise(({ input }: { input: { pollOptionId: string } }) => votePoll(input.pollOptionId)),
    },
    actions: { notify, log },
  }),
  deleteItem: deleteItemMachine.provide({
    actors: {
      deleteItem: fromPromise<unknown, { kind: 'post' | 'poll'; id: string }>(({ input }) =>
        input.kind === 'post' ? deletePost(input.id) : deletePoll(input.id),
      ),
    },
    actions: { notify, log },
  }),
  pollDetail: pollDetailMachine.provide({
    actors: {
      checkAccess: fromPromise(({ input }: { input: { id: string } }) => fetchPollAccess(input.id)),
      loadPoll: fromPromise(({ input }: { input: { id: string } }) => fetchPoll(input.id)),
    },
    actions: { navigate, log },
  }),
};

export type FeedMachines = typeof liveFeedMachines;
