/**
 * The feed's calls of the API answering as the server would, for renderApp: list pages served in
 * order (then empty), votes moving the tally or the poll as the server does, deletions agreed to,
 * and the poll page's access check and poll.
 */
import type { Poll, Post } from '../../../src/domain/entities.ts';
import { moveVote } from '../../../src/machines/pollVote.machine.ts';
import { applyVote, type VoteCall } from '../../../src/machines/postVote.machine.ts';
import { ApiError } from '../../../src/services/http.ts';
import type { fakeApi } from '../../support/fakeSystem.ts';
import { type RenderOptions, renderApp } from '../support/shell.tsx';

export interface FeedData {
  /** The home feed's pages of posts; page i is answered with homePolls' page i. */
  homePosts?: Post[][];
  homePolls?: Poll[][];
  /** The home feed's first page as if the startup request had already answered. */
  popular?: Post[][];
  topicPosts?: Post[][];
  topicPolls?: Poll[][];
  /** The polls the server knows (votes, the poll page); by default every poll of the lists. */
  polls?: Poll[];
  /** The poll page's access check. */
  access?: boolean;
}

type Calls = NonNullable<Parameters<typeof fakeApi>[0]>;

/** Hands out `pages` one by one, then empty pages. */
function pager<T>(pages: T[][] = []) {
  const left = [...pages];
  return () => left.shift() ?? [];
}

export function feedCalls(data: FeedData = {}) {
  const homePosts = pager(data.homePosts);
  const homePolls = pager(data.homePolls);
  const popular = pager(data.popular);
  const topicPosts = pager(data.topicPosts);
  const topicPolls = pager(data.topicPolls);
  const polls = new Map(
    (data.polls ?? [...(data.homePolls ?? []).flat(), ...(data.topicPolls ?? []).flat()]).map((poll) => [
      poll.id,
      poll,
    ]),
  );
  return {
    fetchHomePage: async (_offset: number) => [homePosts(), homePolls()] as [Post[], Poll[]],
    fetchPopularPosts: async (_request: { page: number; limit: number }) => popular(),
    fetchTopicPosts: async (_request: { topic: string; page: number; limit: number }) => topicPosts(),
    fetchTopicPolls: async (_request: { topic: string; offset: number; limit: number }) => topicPolls(),
    /** The server's tally after the vote, for posts and comments that started at 0 / 0. */
    votePost: async (call: VoteCall) => applyVote({ upvotes: 0, downvotes: 0, myVote: 0 }, call.val),
    votePoll: async (optionId: string) => {
      const poll = [...polls.values()].find((p) => p.options.some((option) => option.id === optionId));
      if (!poll) throw new ApiError(404, 'Poll not found');
      const after = moveVote(poll, optionId);
      polls.set(after.id, after);
      return after;
    },
    deletePost: async (_id: string) => ({ msg: 'Post deleted' }),
    deletePoll: async (_id: string) => ({ msg: 'Poll deleted' }),
    fetchPollAccess: async (_id: string) => data.access ?? true,
    fetchPoll: async (id: string) => {
      const poll = polls.get(id);
      if (!poll) throw new ApiError(404, 'Poll not found');
      return poll;
    },
    /** The post page a click opens stays loading: these tests look at the feeds. */
    fetchPost: () => new Promise<never>(() => undefined),
  } satisfies Calls;
}

/** The app at `path` with the feed's calls answering from `data` (and `options.calls` over them). */
export function renderFeeds(path: string, data: FeedData = {}, options: Omit<RenderOptions, 'api'> = {}) {
  return renderApp(path, { ...options, calls: { ...feedCalls(data), ...options.calls } });
}
