/**
 * Creating a post (spec §2 Create modal, §4 Post creation, §5, §8 Post failure): topic, title cut at
 * 300 characters, a required body, and an optional image that is compressed before it can be posted,
 * with an optional description of it (its alt text, cut at IMAGE_ALT_MAX; removing the image drops it).
 * While the image is prepared the upload and post buttons are disabled (tag `busy`); a failed
 * compression is only logged. Posting shows a loading toast that its outcome replaces.
 *
 * In a room (input `room`, spec §2 Create modal) there is no topic: the post is sent with
 * subCommunity = the room's id, and success goes back to the room with `{ newPost: true }`; outside a
 * room a topic is required and success goes home.
 *
 * 'Preview' shows the body as it will read (its Markdown formatted, issue 33 part 4) in place of its
 * box, 'Write' brings the box back; the other fields stay editable and the post can be sent from
 * either. A refused post shows its errors with the box.
 */
import { assign, fromPromise, setup } from 'xstate';
import { LIMITS } from '../domain/constants.ts';
import type { Post } from '../domain/entities.ts';
import { IMAGE_ALT_MAX } from '../domain/images.ts';
import { POSTS } from '../domain/messages.ts';
import type { CreateRoomContext } from '../domain/roomRoutes.ts';
import { roomPostFieldsSchema } from '../domain/roomValidation.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { errorsByField, formStates, sendOutcome, setField, withoutError } from './forms.ts';

export type PostField = 'topic' | 'title' | 'body' | 'imgAlt';
export type PostErrors = Partial<Record<PostField | 'image', string>>;

export interface CreatePostContext {
  topic: string;
  title: string;
  body: string;
  /** The image to send, already prepared (compressed when it was larger than the target). */
  image: File | null;
  /** The author's description of the image. */
  imgAlt: string;
  errors: PostErrors;
  /** The room the post is created in (no topic then); null for a topic post. */
  room: CreateRoomContext | null;
}

export interface CreatePostInput {
  room: CreateRoomContext | null;
}

export interface NewPostInput {
  title: string;
  /** '' in a room. */
  topic: string;
  body: string;
  image: File | null;
  /** The image's description; '' for none (always without an image). */
  imgAlt: string;
  /** The room's id; null for a topic post. */
  subCommunity: string | null;
}

export type CreatePostEvent =
  | { type: 'field.change'; field: PostField; value: string }
  | { type: 'image.choose'; file: File }
  | { type: 'image.remove' }
  | { type: 'form.submit' }
  | { type: 'preview.show' }
  | { type: 'preview.hide' };

/** The loading toast's id: its outcome replaces it. */
export const POSTING_NOTICE_ID = 'createPost.posting';

const emptyForm = { topic: '', title: '', body: '', image: null, imgAlt: '', errors: {} } satisfies Omit<
  CreatePostContext,
  'room'
>;

/** The server's own rule: a topic, unless the post goes to a room. */
const postFormIssues = (context: Pick<CreatePostContext, PostField | 'room'>): PostErrors =>
  errorsByField<PostField>(
    roomPostFieldsSchema.safeParse({
      title: context.title,
      topic: context.room ? '' : context.topic,
      body: context.body,
      imgAlt: context.imgAlt,
      subCommunity: context.room?.id ?? null,
    }).error?.issues,
  );

/** Fields cut at their limit (their counters read count/limit). */
const FIELD_LIMITS: Partial<Record<PostField, number>> = { title: LIMITS.postTitle, imgAlt: IMAGE_ALT_MAX };
const fieldValue = (field: PostField, value: string) => value.slice(0, FIELD_LIMITS[field]);

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
    'image.remove': { actions: 'removeImage' },
  }) as const;

/** Writing (or fixing) the form, the body's preview can be shown. */
const withPreview = <S extends { editing: { on: object }; invalid: { on: object } }>(states: S) => ({
  editing: { ...states.editing, on: { ...states.editing.on, 'preview.show': { target: 'previewing' } } },
  invalid: { ...states.invalid, on: { ...states.invalid.on, 'preview.show': { target: 'previewing' } } },
});

export const createPostMachine = setup({
  types: {
    context: {} as CreatePostContext,
    events: {} as CreatePostEvent,
    input: {} as CreatePostInput,
    tags: {} as 'busy' | 'invalid',
  },
  actors: {
    compressImage: fromPromise<File, { file: File }>(async () => notProvided('createPost', 'compressImage')),
    createPost: fromPromise<{ msg: string; post: Post }, NewPostInput>(async () =>
      notProvided('createPost', 'createPost'),
    ),
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
    removeImage: assign(({ context }) => ({
      image: null,
      imgAlt: '',
      errors: withoutError(withoutError(context.errors, 'image'), 'imgAlt'),
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
  context: ({ input }) => ({ ...emptyForm, room: input.room }),
  initial: 'editing',
  states: {
    ...withPreview(formStates(edits, 'formIsValid', 'posting', 'showFormErrors')),
    /** The body as it will read, in place of its box. */
    previewing: {
      on: {
        ...edits(),
        'form.submit': [
          { guard: 'formIsValid', target: 'posting' },
          { target: 'invalid', actions: 'showFormErrors' },
        ],
        'preview.hide': { target: 'editing' },
      },
    },
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
          topic: context.room ? '' : context.topic,
          body: context.body.trim(),
          image: context.image,
          imgAlt: context.image ? context.imgAlt.trim() : '',
          subCommunity: context.room?.id ?? null,
        }),
        ...sendOutcome('post', { done: POSTS.posted, failed: POSTS.postFailed }, POSTING_NOTICE_ID),
      },
    },
  },
});
