/**
 * The create-post, create-poll, post-page and comment machines joined to the real API, image
 * compression, toasts and router: the one place where their services are provided. Views take them as
 * defaults, so tests can hand the same real charts fake services instead.
 */
import { fromPromise } from 'xstate';
import type { Comment } from '../../../domain/entities.ts';
import type { CreateCommentBody } from '../../../domain/postValidation.ts';
import { commentComposerMachine } from '../../../machines/commentComposer.machine.ts';
import { commentThreadMachine } from '../../../machines/commentThread.machine.ts';
import { createPollMachine, type NewPollBody } from '../../../machines/createPoll.machine.ts';
import { createPostMachine, type NewPostInput } from '../../../machines/createPost.machine.ts';
import { postDetailMachine } from '../../../machines/postDetail.machine.ts';
import { createComment, deleteComment } from '../../../services/api/comments.ts';
import { createPoll, createPost } from '../../../services/api/create.ts';
import { fetchPost } from '../../../services/api/posts.ts';
import { prepareImage } from '../../../services/images.ts';
import { effectActions } from '../effects.ts';

const { notify, navigate, log } = effectActions;

export const liveCreateMachines = {
  createPost: createPostMachine.provide({
    actors: {
      compressImage: fromPromise(({ input }: { input: { file: File } }) => prepareImage(input.file)),
      createPost: fromPromise(({ input }: { input: NewPostInput }) => createPost(input)),
    },
    actions: { notify, navigate, log },
  }),
  createPoll: createPollMachine.provide({
    actors: { createPoll: fromPromise(({ input }: { input: NewPollBody }) => createPoll(input)) },
    actions: { notify, navigate },
  }),
};

export const liveCommentMachines = {
  postDetail: postDetailMachine.provide({
    actors: { fetchPost: fromPromise(({ input }: { input: { id: string } }) => fetchPost(input.id)) },
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

export type CreateMachines = typeof liveCreateMachines;
export type CommentMachines = typeof liveCommentMachines;
