/**
 * The comment box (spec §2 Comments, §8 Comment create): collapsed until opened, then editing, then
 * submitting behind the loading toast 'Adding your comment...'. Success says 'Comment Added.', hands the
 * new comment to the thread and collapses; failure says 'Failed to Add Comment' (plus 'Server Issue!!'
 * on a 500) and keeps the text. 'Cancel' collapses. A reply box is the same chart with a parent id.
 * Under a room post, a reader who has not joined the room is told 'First Join The Room' (spec §5) and
 * the box stays closed (the server refuses such comments with 403 anyway).
 *
 * 'Preview' shows the text as it will read (its Markdown formatted, issue 33 part 4) in place of the
 * text box, 'Write' brings the box back; the comment can be sent from either.
 */
import { type ActorRef, assign, fromPromise, type Snapshot, sendTo, setup } from 'xstate';
import { commentTextIssue } from '../domain/commentText.ts';
import type { Comment } from '../domain/entities.ts';
import { COMMENTS, ROOMS } from '../domain/messages.ts';
import type { CreateCommentBody } from '../domain/postValidation.ts';
import type { CommentThreadEvent } from './commentThread.machine.ts';
import { followsNobody, type Notice, noEffect, notProvided } from './effects.ts';
import { failed, failedWith } from './failure.ts';

/** Whoever keeps the thread: it is told of each comment added. */
export type CommentSink = ActorRef<Snapshot<unknown>, CommentThreadEvent>;

export interface CommentComposerInput {
  postId: string;
  /** The comment replied to; null for a top-level comment. */
  parentId: string | null;
  thread: CommentSink;
  /** Whether the reader has joined the post's room; true for topic posts. */
  roomMember: boolean;
}

export interface CommentComposerContext extends CommentComposerInput {
  text: string;
  error: string | null;
}

export type CommentComposerEvent =
  | { type: 'comment.open' }
  | { type: 'field.change'; value: string }
  | { type: 'comment.submit' }
  | { type: 'comment.cancel' }
  | { type: 'preview.show' }
  | { type: 'preview.hide' };

/** The loading toast's id: its outcome replaces it. */
export const COMMENT_NOTICE_ID = 'commentComposer.adding';

const bodyOf = (context: CommentComposerContext): CreateCommentBody => ({
  postId: context.postId,
  commentId: context.parentId,
  content: context.text.trim(),
});

/** Only the text is the writer's to fix; the ids come from the page. */
const issueOf = (context: CommentComposerContext) => commentTextIssue(context.text);

/** Sending from the box or its preview: a refused text shows its error in the box. */
const submit = [
  { guard: 'textIsValid', target: '#commentComposer.submitting' },
  { target: '#commentComposer.expanded.invalid', actions: 'showError' },
] as const;

export const commentComposerMachine = setup({
  types: {
    input: {} as CommentComposerInput,
    context: {} as CommentComposerContext,
    events: {} as CommentComposerEvent,
    tags: {} as 'busy' | 'invalid',
  },
  actors: {
    createComment: fromPromise<Comment, CreateCommentBody>(async () =>
      notProvided('commentComposer', 'createComment'),
    ),
    followViewer: followsNobody(),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    setText: assign((_, params: { value: string }) => ({ text: params.value, error: null })),
    showError: assign({ error: ({ context }) => issueOf(context) ?? null }),
    clear: assign({ text: '', error: null }),
    handToThread: sendTo(
      ({ context }) => context.thread,
      (_, params: { comment: Comment }): CommentThreadEvent => ({
        type: 'comment.added',
        comment: params.comment,
      }),
    ),
  },
  guards: {
    textIsValid: ({ context }) => issueOf(context) === undefined,
    isOutsideRoom: ({ context }) => !context.roomMember,
    failedWith,
  },
}).createMachine({
  id: 'commentComposer',
  context: ({ input }) => ({ ...input, text: '', error: null }),
  initial: 'collapsed',
  invoke: { id: 'followViewer', src: 'followViewer' },
  states: {
    collapsed: {
      on: {
        'comment.open': [
          {
            guard: 'isOutsideRoom',
            actions: { type: 'notify', params: { kind: 'error', text: ROOMS.firstJoin } },
          },
          { target: 'expanded' },
        ],
      },
    },
    expanded: {
      initial: 'editing',
      on: { 'comment.cancel': { target: 'collapsed', actions: 'clear' } },
      states: {
        editing: {
          on: {
            'field.change': { actions: { type: 'setText', params: ({ event }) => event } },
            'comment.submit': submit,
            'preview.show': { target: 'previewing' },
          },
        },
        /** An empty comment is refused until the text is edited. */
        invalid: {
          tags: ['invalid'],
          on: {
            'field.change': { target: 'editing', actions: { type: 'setText', params: ({ event }) => event } },
            'preview.show': { target: 'previewing' },
          },
        },
        /** The text as it will read, in place of the box. */
        previewing: {
          on: {
            'comment.submit': submit,
            'preview.hide': { target: 'editing' },
          },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: { type: 'notify', params: { kind: 'loading', text: COMMENTS.adding, id: COMMENT_NOTICE_ID } },
      invoke: {
        id: 'createComment',
        src: 'createComment',
        input: ({ context }) => bodyOf(context),
        onDone: {
          target: 'collapsed',
          actions: [
            { type: 'notify', params: { kind: 'success', text: COMMENTS.added, id: COMMENT_NOTICE_ID } },
            { type: 'handToThread', params: ({ event }) => ({ comment: event.output }) },
            'clear',
          ],
        },
        onError: [
          {
            guard: failed(500),
            target: 'expanded',
            actions: [
              { type: 'notify', params: { kind: 'error', text: COMMENTS.failed, id: COMMENT_NOTICE_ID } },
              { type: 'notify', params: { kind: 'error', text: COMMENTS.serverIssue } },
            ],
          },
          {
            target: 'expanded',
            actions: {
              type: 'notify',
              params: { kind: 'error', text: COMMENTS.failed, id: COMMENT_NOTICE_ID },
            },
          },
        ],
      },
    },
  },
});
