/**
 * The comment thread of a post (spec §2 Comments, §8 Comment delete): the post's flat comments (oldest
 * first, each with its parentId), whose replies are shown, new comments added by the composers, and
 * deletion through the server with its msg as the toast. A deleted comment that has replies stays as
 * '[deleted]', as the server keeps it; one without replies goes. Blocking someone ('author.remove')
 * marks their comments `authorBlocked`, as the server would answer them now.
 *
 * The live stream (the invoked `followLive`) adds the comments others write (`comment.added`, as a
 * composer's: once), shows their authors' edits (`comment.edited`) and takes away those deleted (`comment.deleted`: kept as '[deleted]' when the
 * server keeps it for its replies, removed otherwise). A comment the room's owner removed
 * (`comment.removed`) stays in place as the line "Removed by the room's owner", as the server keeps it.
 *
 * The thread comes in an order (src/domain/sorting.ts: Best, Top, New, Old). Choosing another
 * (`sort.change`) loads the thread again in that order from the server, whose order the replies
 * keep at every level (`repliesOf`), and asks `rememberSort` to keep the choice for the student (the
 * request goes out once; the thread does not wait for it). A failed load keeps the order shown, with
 * a toast. Comments added meanwhile (a composer's, the live stream's) join at the end until the next
 * load.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Comment } from '../domain/entities.ts';
import { COMMENTS, HTTP_ERRORS, ROOMS } from '../domain/messages.ts';
import { type CommentSort, SORTING } from '../domain/sorting.ts';
import { followsNobody, type Notice, noEffect, notProvided } from './effects.ts';
import { say, sayOutput, sayServer } from './notices.ts';

export interface CommentThreadContext {
  postId: string;
  comments: Comment[];
  /** Ids of the comments whose replies are shown. */
  shown: string[];
  /** The comment being deleted. */
  deletingId: string | null;
  /** The order the comments are in. */
  sort: CommentSort;
  /** The order being loaded, while `sorting`. */
  requestedSort: CommentSort | null;
}

export type CommentThreadEvent =
  /** A composer added a comment (top-level or reply). */
  | { type: 'comment.added'; comment: Comment }
  | { type: 'replies.toggle'; id: string }
  /** The reader blocked this person (block.machine.ts): their comments fold to one line. */
  | { type: 'author.remove'; username: string }
  | { type: 'comment.delete'; id: string }
  /** Its author edited a comment of the thread (the live stream): it shows as their thread reads it. */
  | { type: 'comment.edited'; comment: Comment }
  /** Someone deleted a comment of the thread (the live stream); `kept` as '[deleted]' for its replies. */
  | { type: 'comment.deleted'; id: string; kept: boolean }
  /** The room's owner removed a comment (removeFromRoom.machine.ts): it stays as the owner's line. */
  | { type: 'comment.removed'; id: string }
  /** The reader chose another order for the thread. */
  | { type: 'sort.change'; sort: CommentSort };

/** The order the sort control shows: the one being loaded, else the thread's. */
export const shownSort = (context: CommentThreadContext): CommentSort =>
  context.requestedSort ?? context.sort;

/** The direct replies of a comment (or the top-level comments for null), in thread order. */
export const repliesOf = (comments: readonly Comment[], parentId: string | null): Comment[] =>
  comments.filter((comment) => comment.parentId === parentId);

/** How many replies a comment has, all levels below it counted. */
export function replyCount(comments: readonly Comment[], id: string): number {
  return repliesOf(comments, id).reduce((sum, reply) => sum + 1 + replyCount(comments, reply.id), 0);
}

/**
 * The thread after a deletion: kept as '[deleted]' while it has replies (or when the server says it
 * `kept` it), removed otherwise.
 */
export function withoutComment(
  comments: readonly Comment[],
  id: string,
  kept = repliesOf(comments, id).length > 0,
): Comment[] {
  if (!kept) return comments.filter((comment) => comment.id !== id);
  return comments.map((comment) =>
    comment.id === id
      ? { ...comment, body: COMMENTS.deletedBody, user: null, userId: null, deleted: true }
      : comment,
  );
}

const sortChange = {
  guard: {
    type: 'isOtherSort',
    params: ({ event }: { event: { sort: CommentSort } }) => ({ sort: event.sort }),
  },
  target: 'sorting',
  actions: {
    type: 'requestSort',
    params: ({ event }: { event: { sort: CommentSort } }) => ({ sort: event.sort }),
  },
} as const;

export const commentThreadMachine = setup({
  types: {
    input: {} as { postId: string; comments: Comment[]; sort: CommentSort },
    context: {} as CommentThreadContext,
    events: {} as CommentThreadEvent,
    tags: {} as 'busy' | 'sorting',
  },
  actors: {
    fetchComments: fromPromise<Comment[], { postId: string; sort: CommentSort }>(async () =>
      notProvided('commentThread', 'fetchComments'),
    ),
    rememberSort: fromPromise<void, { sort: CommentSort }>(async () =>
      notProvided('commentThread', 'rememberSort'),
    ),
    deleteComment: fromPromise<{ msg: string }, { id: string }>(async () =>
      notProvided('commentThread', 'deleteComment'),
    ),
    followLive: followsNobody<{ postId: string }>(),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    addComment: assign(({ context }, params: { comment: Comment }) => ({
      comments: context.comments.some((comment) => comment.id === params.comment.id)
        ? context.comments
        : [...context.comments, params.comment],
      // A new reply is shown at once under its parent.
      shown:
        params.comment.parentId && !context.shown.includes(params.comment.parentId)
          ? [...context.shown, params.comment.parentId]
          : context.shown,
    })),
    replaceComment: assign(({ context }, params: { comment: Comment }) => ({
      comments: context.comments.map((comment) =>
        comment.id === params.comment.id ? params.comment : comment,
      ),
    })),
    markAuthorBlocked: assign(({ context }, params: { username: string }) => ({
      comments: context.comments.map((comment) =>
        comment.user?.username === params.username ? { ...comment, authorBlocked: true } : comment,
      ),
    })),
    toggleReplies: assign(({ context }, params: { id: string }) => ({
      shown: context.shown.includes(params.id)
        ? context.shown.filter((id) => id !== params.id)
        : [...context.shown, params.id],
    })),
    markDeleting: assign((_, params: { id: string }) => ({ deletingId: params.id })),
    removeComment: assign(({ context }) => ({
      comments: context.deletingId ? withoutComment(context.comments, context.deletingId) : context.comments,
      deletingId: null,
    })),
    clearDeleting: assign({ deletingId: null }),
    requestSort: assign((_, params: { sort: CommentSort }) => ({ requestedSort: params.sort })),
    setSorted: assign(({ context }, params: { comments: Comment[] }) => ({
      comments: params.comments,
      sort: context.requestedSort ?? context.sort,
      requestedSort: null,
    })),
    dropRequestedSort: assign({ requestedSort: null }),
    /** Neither its body nor its author any more, as the server answers a removed comment. */
    markRemoved: assign(({ context }, params: { id: string }) => ({
      comments: context.comments.map((comment) =>
        comment.id === params.id
          ? { ...comment, body: '', user: null, userId: null, removedRule: ROOMS.removedByOwner }
          : comment,
      ),
    })),
    dropComment: assign(({ context }, params: { id: string; kept: boolean }) => ({
      comments: withoutComment(context.comments, params.id, params.kept),
    })),
  },
  guards: {
    isInThread: ({ context }, params: { id: string }) =>
      context.comments.some((comment) => comment.id === params.id && !comment.deleted),
    isOtherSort: ({ context }, params: { sort: CommentSort }) => params.sort !== shownSort(context),
  },
}).createMachine({
  id: 'commentThread',
  context: ({ input }) => ({
    postId: input.postId,
    comments: input.comments,
    shown: [],
    deletingId: null,
    sort: input.sort,
    requestedSort: null,
  }),
  initial: 'ready',
  invoke: { id: 'followLive', src: 'followLive', input: ({ context }) => ({ postId: context.postId }) },
  on: {
    'comment.deleted': {
      actions: { type: 'dropComment', params: ({ event }) => ({ id: event.id, kept: event.kept }) },
    },
    'comment.removed': { actions: { type: 'markRemoved', params: ({ event }) => ({ id: event.id }) } },
    'comment.added': { actions: { type: 'addComment', params: ({ event }) => ({ comment: event.comment }) } },
    'comment.edited': {
      actions: { type: 'replaceComment', params: ({ event }) => ({ comment: event.comment }) },
    },
    'replies.toggle': { actions: { type: 'toggleReplies', params: ({ event }) => ({ id: event.id }) } },
    'author.remove': {
      actions: { type: 'markAuthorBlocked', params: ({ event }) => ({ username: event.username }) },
    },
  },
  states: {
    ready: {
      on: {
        'comment.delete': {
          guard: { type: 'isInThread', params: ({ event }) => ({ id: event.id }) },
          target: 'deleting',
          actions: { type: 'markDeleting', params: ({ event }) => ({ id: event.id }) },
        },
        'sort.change': sortChange,
      },
    },
    /** The thread loads in the chosen order; another choice meanwhile starts again with it. */
    sorting: {
      tags: ['sorting'],
      on: { 'sort.change': { ...sortChange, reenter: true } },
      invoke: [
        {
          id: 'fetchComments',
          src: 'fetchComments',
          input: ({ context }) => ({ postId: context.postId, sort: shownSort(context) }),
          onDone: {
            target: 'ready',
            actions: { type: 'setSorted', params: ({ event }) => ({ comments: event.output }) },
          },
          onError: {
            target: 'ready',
            actions: ['dropRequestedSort', say('error', SORTING.threadFailed)],
          },
        },
        { id: 'rememberSort', src: 'rememberSort', input: ({ context }) => ({ sort: shownSort(context) }) },
      ],
    },
    /** One deletion at a time; the thread stays readable meanwhile. */
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteComment',
        src: 'deleteComment',
        input: ({ context }) => ({ id: context.deletingId ?? '' }),
        onDone: {
          target: 'ready',
          actions: ['removeComment', sayOutput()],
        },
        onError: {
          target: 'ready',
          actions: ['clearDeleting', sayServer(HTTP_ERRORS.network)],
        },
      },
    },
  },
});
