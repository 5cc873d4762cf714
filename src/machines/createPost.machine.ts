/**
 * Creating a post (spec §2 Create modal, §4 Post creation, §5, §8 Post failure): topic, title cut at
 * 300 characters, a required body, and an optional image that is compressed before it can be posted.
 * While the image is prepared the upload and post buttons are disabled (tag `busy`); a failed
 * compression is only logged. Posting shows a loading toast that its outcome replaces.
 */
import { assign, fromPromise, setup } from 'xstate';
import { LIMITS } from '../domain/constants.ts';
import type { Post } from '../domain/entities.ts';
import { POSTS } from '../domain/messages.ts';
import { createPostFieldsSchema } from '../domain/postValidation.ts';
import { type Navigation, type Notice, noEffect } from './effects.ts';
import { errorsByField, formStates, sendOutcome, setField, withoutError } from './forms.ts';

export type PostField = 'topic' | 'title' | 'body';
export type PostErrors = Partial<Record<PostField | 'image', string>>;

export interface CreatePostContext {
  topic: string;
  title: string;
  body: string;
  /** The image to send, already prepared (compressed when it was larger than the target). */
  image: File | null;
  errors: PostErrors;
}

export interface NewPostInput {
  title: string;
  topic: string;
  body: string;
  image: File | null;
}

export type CreatePostEvent =
  | { type: 'field.change'; field: PostField; value: string }
  | { type: 'image.choose'; file: File }
  | { type: 'image.remove' }
  | { type: 'form.submit' };

/** The loading toast's id: its outcome replaces it. */
export const POSTING_NOTICE_ID = 'createPost.posting';

const emptyForm = { topic: '', title: '', body: '', image: null, errors: {} } satisfies CreatePostContext;

const postFormIssues = (context: Pick<CreatePostContext, PostField>): PostErrors =>
  errorsByField<PostField>(
    createPostFieldsSchema.safeParse({ title: context.title, topic: context.topic, body: context.body }).error
      ?.issues,
  );

/** The title is cut at its limit (the counter reads count/300). */
const fieldValue = (field: PostField, value: string) =>
  field === 'title' ? value.slice(0, LIMITS.postTitle) : value;

/** What editing does in `editing` and `invalid`; from `invalid` a field edit goes back to `editing`. */
const edits = (back?: 'editing') =>
  ({
    'field.change': { target: back, actions: setField },
    'image.choose': [
      {
        guard: { type: 'isImage', params: ({ event }: { event: { file: File } }) => ({ file: event.file }) },
        target: 'compressing',
      },
      { actions: 'refuseImage' },
    ],
    'image.remove': { actions: { type: 'setImage', params: { image: null } } },
  }) as const;

const notProvided = (name: string): never => {
  throw new Error(`createPost machine: actor ${name} must be provided`);
};

export const createPostMachine = setup({
  types: {
    context: {} as CreatePostContext,
    events: {} as CreatePostEvent,
  },
  actors: {
    compressImage: fromPromise<File, { file: File }>(async () => notProvided('compressImage')),
    createPost: fromPromise<{ msg: string; post: Post }, NewPostInput>(async () => notProvided('createPost')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    /** Failures the user is not told about (spec §8: image compression) are only logged. */
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    setField: assign(({ context }, params: { field: PostField; value: string }) => ({
      [params.field]: fieldValue(params.field, params.value),
      errors: withoutError(context.errors, params.field),
    })),
    setImage: assign(({ context }, params: { image: File | null }) => ({
      image: params.image,
      errors: withoutError(context.errors, 'image'),
    })),
    refuseImage: assign(({ context }) => ({ errors: { ...context.errors, image: POSTS.imageOnly } })),
    showFormErrors: assign({ errors: ({ context }) => postFormIssues(context) }),
    clearForm: assign(emptyForm),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(postFormIssues(context)).length === 0,
    isImage: (_, params: { file: File }) => params.file.type.startsWith('image/'),
  },
}).createMachine({
  id: 'createPost',
  context: emptyForm,
  initial: 'editing',
  states: {
    ...formStates(edits, 'formIsValid', 'posting', 'showFormErrors'),
    /** The fields stay editable; choosing another image and posting wait. */
    compressing: {
      tags: ['busy'],
      on: { 'field.change': { actions: setField } },
      invoke: {
        id: 'compressImage',
        src: 'compressImage',
        input: ({ event }) => {
          if (event.type !== 'image.choose') throw new Error('compressing starts from image.choose');
          return { file: event.file };
        },
        onDone: {
          target: 'editing',
          actions: { type: 'setImage', params: ({ event }) => ({ image: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'log',
            params: ({ event }) => ({ message: 'image compression failed', error: event.error }),
          },
        },
      },
    },
    posting: {
      tags: ['busy'],
      entry: { type: 'notify', params: { kind: 'loading', text: POSTS.posting, id: POSTING_NOTICE_ID } },
      invoke: {
        id: 'createPost',
        src: 'createPost',
        input: ({ context }) => ({
          title: context.title.trim(),
          topic: context.topic,
          body: context.body.trim(),
          image: context.image,
        }),
        ...sendOutcome({ done: POSTS.posted, failed: POSTS.postFailed }, POSTING_NOTICE_ID),
      },
    },
  },
});
