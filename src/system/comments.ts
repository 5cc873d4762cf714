/**
 * The post page's machines (the post, its comment thread and comment boxes) on the system's API and
 * platform. A comment box closes when its writer signs out (`followViewer`).
 */
import { fromPromise } from 'xstate';
import type { Comment } from '../domain/entities.ts';
import type { CreateCommentBody } from '../domain/postValidation.ts';
import { commentComposerMachine } from '../machines/commentComposer.machine.ts';
import { commentThreadMachine } from '../machines/commentThread.machine.ts';
import { postDetailMachine } from '../machines/postDetail.machine.ts';
import { effectsOf } from './effects.ts';
import { followViewer } from './follow.ts';
import type { QuadSystem } from './quadSystem.ts';

export function commentMachines({ api, platform }: QuadSystem) {
  const { notify } = effectsOf(platform);
  return {
    postDetail: postDetailMachine.provide({
      actors: { fetchPost: fromPromise(({ input }: { input: { id: string } }) => api.fetchPost(input.id)) },
    }),
    commentThread: commentThreadMachine.provide({
      actors: {
        deleteComment: fromPromise(({ input }: { input: { id: string } }) => api.deleteComment(input.id)),
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
