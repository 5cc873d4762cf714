import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { LIMITS } from '../../src/domain/constants.ts';
import { POSTS } from '../../src/domain/messages.ts';
import { createPostMachine, POSTING_NOTICE_ID } from '../../src/machines/createPost.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import {
  apiError,
  effectSpies,
  imageFile,
  navigationsOf,
  noticesOf,
  pathsPerFailure,
  pushSendOutcome,
  runPath,
  testPost,
  testRoom,
  textFile,
} from '../support/createFakes.ts';
import { describePath, expectEveryStateReached, type MachinePath } from '../support/machinePaths.ts';

type Machine = typeof createPostMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const compressed = imageFile('small.png', 16);
const failures = [apiError(413, POSTS.imageTooLarge), apiError(0, '')];

/** Files serialise to {} in the graph's event keys: these stand-ins keep the picked image and the text file apart. */
const picked = (file: File) => ({ name: file.name, type: file.type, size: file.size }) as File;

const eventsOf = (failed: (typeof failures)[number]): Event[] => [
  { type: 'field.change', field: 'topic', value: 'dsa' },
  { type: 'field.change', field: 'title', value: 'Hello' },
  { type: 'field.change', field: 'body', value: 'Some words' },
  { type: 'image.choose', file: picked(imageFile()) },
  { type: 'image.choose', file: picked(textFile()) },
  { type: 'image.remove' },
  { type: 'form.submit' },
  done('compressImage', picked(compressed)),
  failure('compressImage', new Error('canvas failed')),
  done('createPost', { msg: POSTS.posted, post: testPost() }),
  failure('createPost', failed),
];

/** What matters of a state: where it is, which fields are filled, which errors show, the image, and how it got there. */
function serialize(snapshot: Snapshot, event?: { type: string }) {
  const { topic, title, body, image, errors } = snapshot.context;
  // (the room is fixed by the input)
  const cause = event?.type.startsWith('xstate.') ? event.type : null;
  return JSON.stringify([
    snapshot.value,
    topic,
    title.length,
    body,
    Boolean(image),
    Object.keys(errors),
    cause,
  ]);
}

/** In a room the topic selector is not shown: no topic is ever chosen. */
const inRoomEventsOf = (failed: (typeof failures)[number]) =>
  eventsOf(failed).filter((event) => !(event.type === 'field.change' && event.field === 'topic'));

const places = [
  { where: 'outside a room', input: { room: null } },
  { where: 'in a room', input: { room: testRoom } },
];
const scenarios = places.flatMap(({ where, input }) =>
  pathsPerFailure(createPostMachine, failures, input.room ? inRoomEventsOf : eventsOf, serialize, input).map(
    (scenario) => ({
      ...scenario,
      where,
      input,
    }),
  ),
);
const paths = scenarios.flatMap((scenario) => scenario.paths);

/** Spec §4 Post creation and §8 Post failure, read along a path. */
function expectedEffects(path: MachinePath<Machine>, room: typeof testRoom | null) {
  const notify: unknown[] = [];
  const navigate: unknown[] = [];
  let logs = 0;
  path.steps.forEach((step, index) => {
    const event = step.event as { type: string; error?: { message: string } };
    const before = path.steps[index - 1]?.state;
    if (step.state.matches('posting') && !before?.matches('posting')) {
      notify.push({ kind: 'loading', text: POSTS.posting, id: POSTING_NOTICE_ID });
    }
    pushSendOutcome(
      { notify, navigate },
      event,
      'createPost',
      { done: POSTS.posted, failed: POSTS.postFailed },
      POSTING_NOTICE_ID,
      room ? { to: '/room/u9/chess_club', state: { newPost: true } } : { to: '/' },
    );
    if (event.type === 'xstate.error.actor.compressImage') logs += 1;
  });
  return { notify, navigate, logs };
}

describe.each(scenarios)(
  'creating a post $where when posting fails with $failed.status',
  ({ paths, input }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'follows the chart with the spec’s toasts and redirect: %s',
      async (_, path) => {
        const spies = await runPath(createPostMachine, path, {
          input,
          promiseActors: ['compressImage', 'createPost'],
        });
        const want = expectedEffects(path, input.room);
        expect(noticesOf(spies)).toEqual(want.notify);
        expect(navigationsOf(spies)).toEqual(want.navigate);
        expect(spies.log).toHaveBeenCalledTimes(want.logs);
      },
    );
  },
);

describe('create post chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(createPostMachine, paths);
  });

  it('cuts the title at 300 characters', () => {
    const actor = createActor(createPostMachine, { input: { room: null } }).start();
    actor.send({ type: 'field.change', field: 'title', value: 'y'.repeat(350) });
    expect(actor.getSnapshot().context.title).toHaveLength(LIMITS.postTitle);
  });

  it('requires a description and clears its error on typing', () => {
    const actor = createActor(createPostMachine, { input: { room: null } }).start();
    actor.send({ type: 'field.change', field: 'topic', value: 'dsa' });
    actor.send({ type: 'field.change', field: 'title', value: 'A title' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('invalid')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ body: POSTS.descriptionEmpty });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'field.change', field: 'body', value: 'W' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
  });

  it('refuses a file that is not an image without compressing it', () => {
    const actor = createActor(createPostMachine, { input: { room: null } }).start();
    actor.send({ type: 'image.choose', file: textFile() });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors.image).toBe(POSTS.imageOnly);
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

  it('sends the trimmed fields with the prepared image, then clears the form', async () => {
    const sent: unknown[] = [];
    const spies = effectSpies();
    const actor = createActor(
      createPostMachine.provide({
        actors: {
          compressImage: fromPromise(async () => compressed),
          createPost: fromPromise(async ({ input }) => {
            sent.push(input);
            return { msg: POSTS.posted, post: testPost() };
          }),
        },
        actions: spies,
      }),
      { input: { room: null } },
    ).start();
    actor.send({ type: 'field.change', field: 'topic', value: 'iet' });
    actor.send({ type: 'field.change', field: 'title', value: '  Title  ' });
    actor.send({ type: 'field.change', field: 'body', value: ' Body ' });
    actor.send({ type: 'image.choose', file: imageFile('big.png', 4096) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'form.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([
      { title: 'Title', topic: 'iet', body: 'Body', image: compressed, subCommunity: null },
    ]);
    expect(actor.getSnapshot().context).toEqual({
      topic: '',
      title: '',
      body: '',
      image: null,
      errors: {},
      room: null,
    });
    expect(navigationsOf(spies)).toEqual([{ to: '/' }]);
  });

  it('asks for a topic outside a room only', () => {
    const outside = createActor(createPostMachine, { input: { room: null } }).start();
    const inside = createActor(createPostMachine, { input: { room: testRoom } }).start();
    for (const actor of [outside, inside]) {
      actor.send({ type: 'field.change', field: 'title', value: 'A title' });
      actor.send({ type: 'field.change', field: 'body', value: 'Words' });
      actor.send({ type: 'form.submit' });
    }
    expect(outside.getSnapshot().context.errors).toEqual({ topic: POSTS.topicRequired });
    expect(inside.getSnapshot().value).toBe('posting');
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
      { title: 'Title', topic: '', body: 'Body', image: null, subCommunity: testRoom.id },
    ]);
    expect(actor.getSnapshot().context.room?.id).toBe(testRoom.id);
    expect(navigationsOf(spies)).toEqual([{ to: '/room/u9/Caf%C3%A9%20Club', state: { newPost: true } }]);
  });
});
