/**
 * The post detail page's load (spec §2 /post/{postId} and /post/{roomId}/{postId}): loading, then the
 * post with its flat comments, or 'Post not found' on a 404, or `forbidden` on a 403 (a post of a
 * private room the reader has not joined: the 403 screen, spec §2, §6), or `removed` on a 410 (removed by
 * moderators: the server's 'Removed by moderators: {rule}' is the page), or a failure the reader can
 * retry.
 *
 * While the post is shown the live stream watches it (the invoked `watchLive`), and when the stream
 * says what was missed is too old (`live.reload`, told by `followLive`) the post loads again. Its
 * author's edits on the stream (`post.edited`) show the new body and "edited" at once.
 *
 * Its comments come in the input's `sort` (src/domain/sorting.ts), which the thread then keeps.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Comment, Post } from '../domain/entities.ts';
import type { Watch } from '../domain/live.ts';
import type { CommentSort } from '../domain/sorting.ts';
import { followsNobody, notProvided } from './effects.ts';
import { failed, failedWith, shownError } from './failure.ts';

export type PostWithComments = Post & { comments: Comment[] };

export interface PostDetailContext {
  postId: string;
  /** The order the comments load in. */
  sort: CommentSort;
  post: PostWithComments | null;
  /** Why the load failed, for the failed and removed screens. */
  error: string | null;
}

export type PostDetailEvent =
  | { type: 'post.retry' }
  /** The live stream missed too much: load the post again. */
  | { type: 'live.reload' }
  /** Its author edited the post (the live stream). */
  | { type: 'post.edited'; body: string; editedAt: string };

export const postDetailMachine = setup({
  types: {
    input: {} as { postId: string; sort: CommentSort },
    context: {} as PostDetailContext,
    events: {} as PostDetailEvent,
    tags: {} as 'busy',
  },
  actors: {
    fetchPost: fromPromise<PostWithComments, { id: string; sort: CommentSort }>(async () =>
      notProvided('postDetail', 'fetchPost'),
    ),
    watchLive: followsNobody<{ watch: Watch }>(),
    followLive: followsNobody<{ postId: string }>(),
  },
  actions: {
    setPost: assign((_, params: { post: PostWithComments }) => ({ post: params.post, error: null })),
    forgetPost: assign({ post: null }),
    setEdited: assign(({ context }, params: { body: string; editedAt: string }) => ({
      post: context.post && { ...context.post, ...params },
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: shownError(params.error) })),
  },
  guards: { failedWith },
}).createMachine({
  id: 'postDetail',
  context: ({ input }) => ({ postId: input.postId, sort: input.sort, post: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPost',
        src: 'fetchPost',
        input: ({ context }) => ({ id: context.postId, sort: context.sort }),
        onDone: {
          target: 'ready',
          actions: { type: 'setPost', params: ({ event }) => ({ post: event.output }) },
        },
        onError: [
          { guard: failed(404), target: 'notFound' },
          // A malformed id is refused by validation: there is no such post either.
          { guard: failed(400), target: 'notFound' },
          // A private room's post, and the reader is not a member.
          { guard: failed(403), target: 'forbidden' },
          // Removed by moderators: the server says under which rule.
          {
            guard: failed(410),
            target: 'removed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    ready: {
      invoke: [
        {
          id: 'watchLive',
          src: 'watchLive',
          input: ({ context }) => ({ watch: { kind: 'post' as const, id: context.postId } }),
        },
        { id: 'followLive', src: 'followLive', input: ({ context }) => ({ postId: context.postId }) },
      ],
      on: {
        'live.reload': { target: 'loading', actions: 'forgetPost' },
        'post.edited': {
          actions: {
            type: 'setEdited',
            params: ({ event }) => ({ body: event.body, editedAt: event.editedAt }),
          },
        },
      },
    },
    notFound: {},
    forbidden: {},
    removed: {},
    failed: {
      on: { 'post.retry': 'loading' },
    },
  },
});
