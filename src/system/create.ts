/** The create-post and create-poll machines on the system's API and platform (image preparation, toasts, router). */
import { fromPromise } from 'xstate';
import { createPollMachine, type NewPollBody } from '../machines/createPoll.machine.ts';
import { createPostMachine, type NewPostInput } from '../machines/createPost.machine.ts';
import { effectsOf } from './effects.ts';
import type { QuadSystem } from './quadSystem.ts';

export function createMachines({ api, platform }: QuadSystem) {
  const { notify, navigate, log } = effectsOf(platform);
  return {
    createPost: createPostMachine.provide({
      actors: {
        compressImage: fromPromise(({ input }: { input: { file: File } }) =>
          platform.prepareImage(input.file),
        ),
        createPost: fromPromise(({ input }: { input: NewPostInput }) => api.createPost(input)),
      },
      actions: { notify, navigate, log },
    }),
    createPoll: createPollMachine.provide({
      actors: { createPoll: fromPromise(({ input }: { input: NewPollBody }) => api.createPoll(input)) },
      actions: { notify, navigate },
    }),
  };
}

export type CreateMachines = ReturnType<typeof createMachines>;
