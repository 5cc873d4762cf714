/**
 * Changing one image (spec §2 Room page background and icon; reusable for the profile's avatar and
 * banner): an image file is chosen, prepared (compressed when larger than the target, like a post's
 * image; a failed compression is only logged), previewed, then saved with the provided `upload`, or
 * cancelled (also while preparing, not while uploading). Saving toasts the input's `successText`
 * (rooms: 'Updated'); a failure toasts the text given for its status, else the input's
 * `failureText`, else the server's msg. The saved result (what `upload` answered: the updated room,
 * the profile's pictures, the user) is sent to `owner` (the page showing the image) as 'image.saved'
 * {result}, and is the machine's output.
 *
 * Tags: `busy` (preparing or uploading: no other file, no save).
 */
import { type AnyActorRef, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { AUTH, POSTS } from '../domain/messages.ts';
import { type Notice, noEffect, notProvided } from './effects.ts';
import { failureOf } from './failure.ts';

export interface ImageChangeInput {
  /** Toasted after saving, e.g. ROOMS.updated. */
  successText: string;
  /** Toasted for any failure; without it the server's msg is. */
  failureText?: string;
  /** Texts for particular statuses, before `failureText`. */
  failureByStatus?: Record<number, string>;
  /** The actor showing the image (room, profile or settings page), sent the saved result. */
  owner?: AnyActorRef | null;
}

export interface ImageChangeContext extends Required<Omit<ImageChangeInput, 'owner'>> {
  owner: AnyActorRef | null;
  /** The prepared file, shown as the preview. */
  file: File | null;
  /** Why a chosen file was refused. */
  error: string | null;
  /** What `upload` answered. */
  result: unknown;
}

export type ImageChangeEvent =
  | { type: 'image.choose'; file: File }
  | { type: 'image.save' }
  | { type: 'image.cancel' };

/** What `owner` is sent once the image is saved: what `upload` answered. */
export type ImageSavedEvent<R = unknown> = { type: 'image.saved'; result: R };

const chosen = ({ event }: { event: { file: File } }) => ({ file: event.file });

/** Choosing a file, wherever one may be chosen. */
const choosing = {
  'image.choose': [
    { guard: { type: 'isImage', params: chosen }, target: 'compressing' },
    { actions: 'refuseFile' },
  ],
} as const;

function failureText(context: ImageChangeContext, error: unknown): string {
  const { status, message } = failureOf(error);
  return context.failureByStatus[status] ?? (context.failureText || message || AUTH.serverError);
}

export const imageChangeMachine = setup({
  types: {
    input: {} as ImageChangeInput,
    context: {} as ImageChangeContext,
    events: {} as ImageChangeEvent,
    output: {} as { result: unknown } | null,
    tags: {} as 'busy',
  },
  actors: {
    compressImage: fromPromise<File, { file: File }>(async () => notProvided('imageChange', 'compressImage')),
    upload: fromPromise<unknown, { file: File }>(async () => notProvided('imageChange', 'upload')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    setFile: assign((_, params: { file: File | null }) => ({ file: params.file, error: null })),
    refuseFile: assign({ error: POSTS.imageOnly }),
    setResult: assign((_, params: { result: unknown }) => ({ result: params.result })),
    tellOwner: enqueueActions(({ context, enqueue }) => {
      const saved: ImageSavedEvent = { type: 'image.saved', result: context.result };
      if (context.owner) enqueue.sendTo(context.owner, saved);
    }),
  },
  guards: {
    isImage: (_, params: { file: File }) => params.file.type.startsWith('image/'),
  },
}).createMachine({
  id: 'imageChange',
  context: ({ input }) => ({
    successText: input.successText,
    failureText: input.failureText ?? '',
    failureByStatus: input.failureByStatus ?? {},
    owner: input.owner ?? null,
    file: null,
    error: null,
    result: null,
  }),
  initial: 'choosing',
  states: {
    /** Nothing chosen yet (or the compression failed). */
    choosing: {
      on: { ...choosing, 'image.cancel': { target: 'cancelled' } },
    },
    compressing: {
      tags: ['busy'],
      on: { 'image.cancel': { target: 'cancelled' } },
      invoke: {
        id: 'compressImage',
        src: 'compressImage',
        input: ({ event }) => {
          if (event.type !== 'image.choose') throw new Error('compressing starts from image.choose');
          return { file: event.file };
        },
        onDone: {
          target: 'previewing',
          actions: { type: 'setFile', params: ({ event }) => ({ file: event.output }) },
        },
        onError: {
          target: 'choosing',
          actions: [
            { type: 'setFile', params: { file: null } },
            {
              type: 'log',
              params: ({ event }) => ({ message: 'image compression failed', error: event.error }),
            },
          ],
        },
      },
    },
    previewing: {
      on: {
        ...choosing,
        'image.save': { target: 'uploading' },
        'image.cancel': { target: 'cancelled' },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => {
          if (!context.file) throw new Error('uploading starts from a previewed file');
          return { file: context.file };
        },
        onDone: {
          target: 'saved',
          actions: [
            { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'notify', params: ({ context }) => ({ kind: 'success', text: context.successText }) },
            'tellOwner',
          ],
        },
        onError: {
          target: 'previewing',
          actions: {
            type: 'notify',
            params: ({ context, event }) => ({ kind: 'error', text: failureText(context, event.error) }),
          },
        },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => (context.result === null ? null : { result: context.result }),
});
