/**
 * The post page's machines (the post, its comment thread and comment boxes) joined to the real API and
 * toasts: the one place where their services are provided. PostPage takes them as its default, so
 * tests can hand the same real charts fake services instead.
 */
import { fromPromise } from 'xstate';
import type { Comment } from '../../../domain/entities.ts';
import type { CreateCommentBody } from '../../../domain/postValidation.ts';
import { commentComposerMachine } from '../../../machines/commentComposer.machine.ts';
import { commentThreadMachine } from '../../../machines/commentThread.machine.ts';
import { postDetailMachine } from '../../../machines/postDetail.machine.ts';
import { createComment, deleteComment } from '../../../services/api/comments.ts';
import { fetchPost, postPageKey } from '../../../services/api/posts.ts';
import { takePrefetched } from '../../../services/prefetch.ts';
import { effectActions } from '../effects.ts';

const { notify } = effectActions;

export const liveCommentMachines = {
  /** The post may have been asked for at startup (screenData.ts). */
  postDetail: postDetailMachine.provide({
    actors: {
      fetchPost: fromPromise(({ input }: { input: { id: string } }) =>
        takePrefetched(postPageKey(input.id), () => fetchPost(input.id)),
      ),
    },
  }),
  commentThread: commentThreadMachine.provide({
    actors: { deleteComment: fromPromise(({ input }: { input: { id: string } }) => deleteComment(input.id)) },
    actions: { notify },
  }),
  commentComposer: commentComposerMachine.provide({
    actors: {
      createComment: fromPromise<Comment, CreateCommentBody>(({ input }) => createComment(input)),
    },
    actions: { notify },
  }),
};

export type CommentMachines = typeof liveCommentMachines;
