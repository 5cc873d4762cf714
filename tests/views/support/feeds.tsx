/** The feed machines with fake services (real charts); `renderFeeds` in shell.tsx renders the app with them. */
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Topic } from '../../../src/domain/constants.ts';
import type { Poll, Post, Tally } from '../../../src/domain/entities.ts';
import { deleteItemMachine } from '../../../src/machines/deleteItem.machine.ts';
import type { Navigation, Notice } from '../../../src/machines/effects.ts';
import {
  type PageRequest,
  type PageSources,
  pagedListMachine,
} from '../../../src/machines/pagedList.machine.ts';
import { pollDetailMachine } from '../../../src/machines/pollDetail.machine.ts';
import { moveVote, pollVoteMachine } from '../../../src/machines/pollVote.machine.ts';
import { applyVote, postVoteMachine, type VoteCall } from '../../../src/machines/postVote.machine.ts';
import type { FeedMachines } from '../../../src/views/app/live/posts.ts';

export interface FeedData {
  homePosts?: Post[][];
  homePolls?: Poll[][];
  /** The home feed's first page as if the startup request had already answered. */
  homeFirstPage?: PageSources;
  popular?: Post[][];
  topicPosts?: Post[][];
  topicPolls?: Poll[][];
  polls?: Poll[];
  access?: boolean;
}

/** The fake API: pages are served in order (then empty), votes answer like the server. */
export function fakeFeedApi(data: FeedData = {}) {
  const pager = <T,>(pages: T[][] = []) => {
    const left = [...pages];
    return vi.fn(async (_request: PageRequest & { topic?: Topic }) => left.shift() ?? []);
  };
  const polls = new Map(
    (data.polls ?? [...(data.homePolls ?? []).flat(), ...(data.topicPolls ?? []).flat()]).map((p) => [
      p.id,
      p,
    ]),
  );
  return {
    homeFirstPage: vi.fn((): PageSources | undefined => data.homeFirstPage),
    homePosts: pager(data.homePosts),
    homePolls: pager(data.homePolls),
    popular: pager(data.popular),
    topicPosts: pager(data.topicPosts),
    topicPolls: pager(data.topicPolls),
    /** The server's tally after the vote, for posts that started at 0 / 0. */
    vote: vi.fn(
      async (call: VoteCall): Promise<Tally> => applyVote({ upvotes: 0, downvotes: 0, myVote: 0 }, call.val),
    ),
    votePoll: vi.fn(async (pollOptionId: string) => {
      const poll = [...polls.values()].find((p) => p.options.some((o) => o.id === pollOptionId));
      if (!poll) throw new Error('no such option');
      return moveVote(poll, pollOptionId);
    }),
    deleteItem: vi.fn(async (_item: { kind: 'post' | 'poll'; id: string }) => ({ msg: 'deleted' })),
    access: vi.fn(async (_id: string) => data.access ?? true),
    poll: vi.fn(async (id: string) => {
      const poll = polls.get(id);
      if (!poll) throw { status: 404, message: 'Poll not found' };
      return poll;
    }),
    notify: vi.fn((_notice: Notice) => {}),
    navigate: vi.fn((_navigation: Navigation) => {}),
    log: vi.fn(),
  };
}
export type FakeFeedApi = ReturnType<typeof fakeFeedApi>;

export function fakeFeedMachines(
  api: FakeFeedApi,
  onNavigate?: (navigation: Navigation) => void,
): FeedMachines {
  const actions = {
    notify: (_: unknown, notice: Notice) => api.notify(notice),
    log: (_: unknown, params: unknown) => api.log(params),
  };
  const list = (load: (request: PageRequest) => Promise<PageSources>) =>
    pagedListMachine.provide({
      actors: { fetchPage: fromPromise(({ input }: { input: PageRequest }) => load(input)) },
      actions: { log: actions.log },
    });
  return {
    notify: (notice) => api.notify(notice),
    homeFirstPage: () => api.homeFirstPage(),
    homeList: list(async (request) => [await api.homePosts(request), await api.homePolls(request)]),
    popularList: list(async (request) => [await api.popular(request)]),
    topicPostList: (topic) => list(async (request) => [await api.topicPosts({ ...request, topic })]),
    topicPollList: (topic) => list(async (request) => [await api.topicPolls({ ...request, topic })]),
    postVote: postVoteMachine.provide({
      actors: {
        vote: fromPromise<Tally, VoteCall>(({ input }) => api.vote(input)),
      },
      actions,
    }),
    pollVote: pollVoteMachine.provide({
      actors: {
        votePoll: fromPromise(({ input }: { input: { pollOptionId: string } }) =>
          api.votePoll(input.pollOptionId),
        ),
      },
      actions,
    }),
    deleteItem: deleteItemMachine.provide({
      actors: {
        deleteItem: fromPromise<unknown, { kind: 'post' | 'poll'; id: string }>(({ input }) =>
          api.deleteItem(input),
        ),
      },
      actions,
    }),
    pollDetail: pollDetailMachine.provide({
      actors: {
        checkAccess: fromPromise(({ input }: { input: { id: string } }) => api.access(input.id)),
        loadPoll: fromPromise(({ input }: { input: { id: string } }) => api.poll(input.id)),
      },
      actions: {
        navigate: (_, navigation) => {
          api.navigate(navigation);
          onNavigate?.(navigation);
        },
        log: actions.log,
      },
    }),
  };
}
