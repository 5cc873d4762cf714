/**
 * The create-post and create-poll machines joined to the real API, image compression, toasts and
 * router: the one place where their services are provided. Views take them as defaults, so tests can
 * hand the same real charts fake services instead.
 */
import { fromPromise } from 'xstate';
import { createPollMachine, type NewPollBody } from '../../../machines/createPoll.machine.ts';
import { createPostMachine, type NewPostInput } from '../../../machines/createPost.machine.ts';
import { createPoll, createPost } from '../../../services/api/create.ts';
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
