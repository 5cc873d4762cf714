/**
 * A comment's own page, /comment/{id} (`posts/getacomment`): loading, then the comment, and whether it
 * is read under review (a moderator who has not joined its private room reads it because members
 * reported it: docs/moderation.md "Private rooms"); or 'Comment not found' on a 404 (or a 400: a
 * malformed id is no comment either), `forbidden` on a 403 (a private room's comment, the reader not
 * a member), `removed` on a 410 (the server's 'Removed by moderators: {rule}' is the page), or a
 * failure the reader can retry.
 *
 * Tags: `busy` while the comment loads.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Comment, CommentPage } from '../domain/entities.ts';
import { notProvided } from './effects.ts';
import { failed, failedWith, shownError } from './failure.ts';

export interface CommentDetailContext {
  id: string;
  comment: Comment | null;
  /** Read under review: the comment alone, read-only, under the note that says why. */
  review: boolean;
  /** Why the load failed, for the failed and removed screens. */
  error: string | null;
}

export type CommentDetailEvent = { type: 'comment.retry' };

export const commentDetailMachine = setup({
  types: {
    input: {} as { id: string },
    context: {} as CommentDetailContext,
    events: {} as CommentDetailEvent,
    tags: {} as 'busy',
  },
  actors: {
    fetchComment: fromPromise<CommentPage, { id: string }>(async () =>
      notProvided('commentDetail', 'fetchComment'),
    ),
  },
  actions: {
    setComment: assign((_, params: CommentPage) => ({
      comment: params.comment,
      review: params.review,
      error: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: shownError(params.error) })),
  },
  guards: { failedWith },
}).createMachine({
  id: 'commentDetail',
  context: ({ input }) => ({ id: input.id, comment: null, review: false, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchComment',
        src: 'fetchComment',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'shown',
          actions: { type: 'setComment', params: ({ event }) => event.output },
        },
        onError: [
          { guard: failed(404), target: 'notFound' },
          // A malformed id is refused by validation: there is no such comment either.
          { guard: failed(400), target: 'notFound' },
          // A private room's comment, and the reader is not a member (nor reviewing it).
          { guard: failed(403), target: 'forbidden' },
          // Removed (the comment, or the post it is under): the server says by whom and why.
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
    shown: {},
    notFound: {},
    forbidden: {},
    removed: {},
    failed: {
      on: { 'comment.retry': 'loading' },
    },
  },
});
