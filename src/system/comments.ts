/**
 * The post page's machines (the post, its comment thread and comment boxes) and the comment page's
 * (`commentDetail`, a comment on its own) on the system's API and platform. A comment box closes
 * when its writer signs out (`followViewer`). The post is watched on the live stream while shown
 * (`watchLive`); its thread hears the comments added and deleted there.
 */
import { fromPromise } from 'xstate';
import type { Comment } from '../domain/entities.ts';
import type { CreateCommentBody } from '../domain/postValidation.ts';
import { type CommentSort, DEFAULT_COMMENT_SORT } from '../domain/sorting.ts';
import { commentComposerMachine } from '../machines/commentComposer.machine.ts';
import { commentDetailMachine } from '../machines/commentDetail.machine.ts';
import { commentThreadMachine } from '../machines/commentThread.machine.ts';
import { postDetailMachine } from '../machines/postDetail.machine.ts';
import { effectsOf } from './effects.ts';
import { followViewer } from './follow.ts';
import { followLive, watchLive } from './live.ts';
import type { QuadSystem } from './quadSystem.ts';

/** The comments of the post `postId` added, edited or deleted on the live stream, for its thread. */
export const followComments = followLive((emitted, { postId }: { postId: string }) => {
  if (emitted.type === 'live.comment.added' && emitted.comment.postId === postId) {
    return { type: 'comment.added' as const, comment: emitted.comment };
  }
  if (emitted.type === 'live.comment.edited' && emitted.comment.postId === postId) {
    return { type: 'comment.edited' as const, comment: emitted.comment };
  }
  if (emitted.type === 'live.comment.deleted' && emitted.postId === postId) {
    return { type: 'comment.deleted' as const, id: emitted.commentId, kept: emitted.kept };
  }
  return null;
});

/**
 * Keeps a signed-in student's comment order on the server (`u/setCommentSort`) and in the session's
 * UserInfo, from which the next post page starts; a visitor's choice lasts for the page.
 */
const rememberCommentSort = ({ api, platform }: QuadSystem) =>
  fromPromise<void, { sort: CommentSort }>(async ({ input, system }) => {
    const session = system.get('session');
    if (!session?.getSnapshot().context.user) return;
    session.send({ type: 'user.patch', patch: { commentSort: input.sort } });
    await api
      .setCommentSort(input.sort)
      .catch((error: unknown) => platform.log('comment sort not kept', error));
  });

/** What the post page hears on the live stream: its author's edits, and `live.reload`. */
export const followPostPage = followLive((emitted, { postId }: { postId: string }) => {
  if (emitted.type === 'live.reload') return { type: 'live.reload' as const };
  if (emitted.type === 'live.post.edited' && emitted.postId === postId) {
    return { type: 'post.edited' as const, body: emitted.body, editedAt: emitted.editedAt };
  }
  return null;
});

export function commentMachines(system: QuadSystem) {
  const { api, platform } = system;
  const { notify } = effectsOf(platform);
  /** `posts/getapost` in `sort`; the spec's order is asked as the spec writes the call, without `sort`. */
  const fetchPostIn = (id: string, sort: CommentSort) =>
    sort === DEFAULT_COMMENT_SORT ? api.fetchPost(id) : api.fetchPost(id, sort);
  return {
    postDetail: postDetailMachine.provide({
      actors: {
        fetchPost: fromPromise(({ input }: { input: { id: string; sort: CommentSort } }) =>
          fetchPostIn(input.id, input.sort),
        ),
        watchLive,
        followLive: followPostPage,
      },
    }),
    commentDetail: commentDetailMachine.provide({
      actors: {
        fetchComment: fromPromise(({ input }: { input: { id: string } }) => api.fetchComment(input.id)),
      },
    }),
    commentThread: commentThreadMachine.provide({
      actors: {
        deleteComment: fromPromise(({ input }: { input: { id: string } }) => api.deleteComment(input.id)),
        fetchComments: fromPromise(({ input }: { input: { postId: string; sort: CommentSort } }) =>
          fetchPostIn(input.postId, input.sort).then((post) => post.comments),
        ),
        rememberSort: rememberCommentSort(system),
        followLive: followComments,
      },
      actions: { notify },
    }),
    commentComposer: commentComposerMachine.provide({
      actors: {
        createComment: fromPromise<Comment, CreateCommentBody>(({ input }) => api.createComment(input)),
        followViewer: followViewer((user) => (user ? null : { type: 'comment.cancel' as const })),
      },
      actions: { notify },
    }),
  };
}

export type CommentMachines = ReturnType<typeof commentMachines>;
