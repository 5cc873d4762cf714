import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { LIMITS } from '../../src/domain/constants.ts';
import { IMAGE_ALT_MAX } from '../../src/domain/images.ts';
import { POSTS } from '../../src/domain/messages.ts';
import {
  type CreatePostContext,
  createPostMachine,
  POSTING_NOTICE_ID,
  type PostField,
} from '../../src/machines/createPost.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import {
  apiError,
  createModalScenarios,
  effectSpies,
  imageFile,
  navigationsOf,
  picked,
  testPost,
  testRoom,
  textFile,
} from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath } from '../support/machinePaths.ts';

type Machine = typeof createPostMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const compressed = imageFile('small.png', 16);
const canvasFailed = new Error('canvas failed');
const failures = [apiError(413, POSTS.imageTooLarge), apiError(0, '')];

const prepared = picked(compressed);

const eventsOf = (failed: (typeof failures)[number]): Event[] => [
  { type: 'field.change', field: 'topic', value: 'dsa' },
  { type: 'field.change', field: 'title', value: '  Hello ' },
  { type: 'field.change', field: 'body', value: ' Some words ' },
  { type: 'field.change', field: 'imgAlt', value: ' A chart ' },
  { type: 'image.choose', file: picked(imageFile()) },
  { type: 'image.choose', file: picked(textFile()) },
  { type: 'image.remove' },
  { type: 'form.submit' },
  { type: 'preview.show' },
  { type: 'preview.hide' },
  done('compressImage', prepared),
  failure('compressImage', canvasFailed),
  done('createPost', { msg: POSTS.posted, post: testPost() }),
  failure('createPost', failed),
];

/** What matters of a state: where it is, which fields are filled, the image and which errors show. */
function serialize(snapshot: Snapshot) {
  const { topic, title, body, image, imgAlt, errors } = snapshot.context;
  return JSON.stringify([snapshot.value, topic, title, body, Boolean(image), imgAlt, Object.keys(errors)]);
}

const scenarios = createModalScenarios(createPostMachine, failures, eventsOf, serialize);

const shownOf = ({ topic, title, body, image, imgAlt, errors }: CreatePostContext) => ({
  topic,
  title,
  body,
  image,
  imgAlt,
  errors,
});
const emptyForm = { topic: '', title: '', body: '', image: null, imgAlt: '', errors: {} };

/**
 * Spec §2 Create modal, §4 Post creation, §5, §8 Post failure: the form's refusals, an image prepared
 * before it can be posted, then the post behind a loading toast its outcome replaces.
 */
const expectStep =
  (room: typeof testRoom | null, failed: { message: string }) =>
  (event: Event, before: Snapshot): ExpectedStep => {
    const shown = shownOf(before.context);
    const { image: _imageError, ...withoutImageError } = shown.errors;
    const e = event as unknown as { type: string; field: PostField; value: string; file: File };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'editing', tags: [], shown: emptyForm };
      case 'field.change': {
        const { [e.field]: _edited, ...otherErrors } = shown.errors;
        return {
          // the other fields stay editable beside the body's preview
          ...(before.matches('compressing')
            ? {}
            : { value: before.matches('previewing') ? 'previewing' : 'editing', tags: [] }),
          shown: {
            ...shown,
            [e.field]: e.field === 'title' ? e.value.slice(0, 300) : e.value,
            errors: otherErrors,
          },
        };
      }
      case 'image.choose':
        return e.file.type.startsWith('image/')
          ? {
              value: 'compressing',
              tags: ['busy'],
              calls: [{ actor: 'compressImage', input: { file: e.file } }],
            }
          : { shown: { ...shown, errors: { ...shown.errors, image: POSTS.imageOnly } } };
      case 'preview.show':
        // the body as it will read, in place of its box; what was typed and its errors are kept
        return { value: 'previewing', tags: [], shown };
      case 'preview.hide':
        return { value: 'editing', tags: [], shown };
      case 'image.remove':
        // the description goes with the image it described
        return { shown: { ...shown, image: null, imgAlt: '', errors: withoutImageError } };
      case 'form.submit': {
        const issues = {
          ...(shown.title.trim() === '' ? { title: POSTS.titleRequired } : {}),
          ...(!room && shown.topic === '' ? { topic: POSTS.topicRequired } : {}),
          ...(shown.body.trim() === '' ? { body: POSTS.descriptionEmpty } : {}),
        };
        if (Object.keys(issues).length > 0) {
          return { value: 'invalid', tags: ['invalid'], shown: { ...shown, errors: issues } };
        }
        const body = {
          title: shown.title.trim(),
          topic: room ? '' : shown.topic,
          body: shown.body.trim(),
          image: shown.image,
          imgAlt: shown.image ? shown.imgAlt.trim() : '',
          subCommunity: room?.id ?? null,
        };
        return {
          value: 'posting',
          tags: ['busy'],
          effects: [notify('loading', POSTS.posting, POSTING_NOTICE_ID)],
          calls: [{ actor: 'createPost', input: body }],
        };
      }
      case 'xstate.done.actor.compressImage':
        return {
          value: 'editing',
          tags: [],
          shown: { ...shown, image: prepared, errors: withoutImageError },
        };
      case 'xstate.error.actor.compressImage':
        return { value: 'editing', tags: [], effects: [log('image compression failed', canvasFailed)] };
      case 'xstate.done.actor.createPost':
        // back where the modal was opened: the room (with the new post first) or home
        return {
          value: 'editing',
          tags: [],
          shown: emptyForm,
          effects: [
            notify('success', POSTS.posted, POSTING_NOTICE_ID),
            room ? navigate('/room/u9/chess_club', { state: { newPost: true } }) : navigate('/'),
          ],
        };
      default:
        return {
          value: 'editing',
          tags: [],
          effects: [notify('error', failed.message || POSTS.postFailed, POSTING_NOTICE_ID)],
        };
    }
  };

describe.each(scenarios)(
  'creating a post $where when posting fails with $failed.status',
  ({ paths, input, failed }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'checks the form, previews the body, prepares the image and posts with the spec’s toasts and redirect: %s',
      async (_, path) => {
        await executePath(createPostMachine, path, {
          input,
          promiseActors: ['compressImage', 'createPost'],
          effects: ['notify', 'navigate', 'log'],
          shown: shownOf,
          expectStep: expectStep(input.room, failed),
        });
      },
    );
  },
);

describe('create post chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      createPostMachine,
      scenarios.flatMap((scenario) => scenario.paths),
    );
  });

  it('cuts the title at 300 characters', () => {
    const actor = createActor(createPostMachine, { input: { room: null } }).start();
    actor.send({ type: 'field.change', field: 'title', value: 'y'.repeat(350) });
    expect(actor.getSnapshot().context.title).toHaveLength(LIMITS.postTitle);
  });

  it('cuts the image description at its limit', () => {
    const actor = createActor(createPostMachine, { input: { room: null } }).start();
    actor.send({ type: 'field.change', field: 'imgAlt', value: 'd'.repeat(IMAGE_ALT_MAX + 20) });
    expect(actor.getSnapshot().context.imgAlt).toHaveLength(IMAGE_ALT_MAX);
  });

  it('is busy while compressing: no second image, no posting; typing goes on', () => {
    const actor = createActor(
      createPostMachine.provide({
        actors: { compressImage: fromPromise(() => new Promise<File>(() => {})) },
      }),
      { input: { room: null } },
    ).start();
    actor.send({ type: 'image.choose', file: imageFile() });
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    expect(snapshot.can({ type: 'image.choose', file: imageFile() })).toBe(false);
    actor.send({ type: 'field.change', field: 'body', value: 'still typing' });
    expect(actor.getSnapshot().context.body).toBe('still typing');
  });

  it('in a room: sends the room as subCommunity without a topic, keeps the room, returns to it', async () => {
    const sent: unknown[] = [];
    const spies = effectSpies();
    const actor = createActor(
      createPostMachine.provide({
        actors: {
          createPost: fromPromise(async ({ input }) => {
            sent.push(input);
            return { msg: POSTS.posted, post: testPost() };
          }),
        },
        actions: spies,
      }),
      { input: { room: { ...testRoom, title: 'Café Club' } } },
    ).start();
    actor.send({ type: 'field.change', field: 'topic', value: 'dsa' });
    actor.send({ type: 'field.change', field: 'title', value: 'Title' });
    actor.send({ type: 'field.change', field: 'body', value: 'Body' });
    actor.send({ type: 'form.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([
      { title: 'Title', topic: '', body: 'Body', image: null, imgAlt: '', subCommunity: testRoom.id },
    ]);
    expect(actor.getSnapshot().context.room?.id).toBe(testRoom.id);
    expect(navigationsOf(spies)).toEqual([{ to: '/room/u9/Caf%C3%A9%20Club', state: { newPost: true } }]);
  });
});
