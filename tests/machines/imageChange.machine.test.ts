import { describe, expect, it } from 'vitest';
import {
  type AnyActorRef,
  assign,
  createActor,
  createMachine,
  type EventFrom,
  fromPromise,
  type SnapshotFrom,
  setup,
  waitFor,
} from 'xstate';
import { POSTS, ROOMS } from '../../src/domain/messages.ts';
import { type ImageChangeInput, imageChangeMachine } from '../../src/machines/imageChange.machine.ts';
import { apiError, syntheticEvents } from '../support/authFakes.ts';
import { imageFile, picked, textFile } from '../support/createFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof imageChangeMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const prepared = picked(imageFile('small.png', 16));
const saved = { id: 'r1', bgImg: '/uploads/rooms/bg.webp' };

/** The page showing the image: it is sent what the upload answered. */
const ownerNamed = (id: string): AnyActorRef => createActor(createMachine({}), { id });

const uses: { input: ImageChangeInput; who: string }[] = [
  {
    input: { successText: ROOMS.updated, owner: ownerNamed('roomPage') },
    who: 'a room image (server msg on failure)',
  },
  {
    input: {
      successText: 'Banner updated!',
      failureText: 'Error uploading image!',
      owner: ownerNamed('profilePage'),
    },
    who: 'a banner (a fixed failure text)',
  },
  {
    input: { successText: 'Profile Picture Updated !', failureByStatus: { 403: 'Not this time' } },
    who: 'an avatar with no page to tell (a text for 403)',
  },
];

const failures = [apiError(403, ROOMS.notOwner), apiError(500, 'Server down')];

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'image.choose', file: picked(imageFile('big.png', 4096)) },
      { type: 'image.choose', file: picked(textFile()) },
      { type: 'image.save' },
      { type: 'image.cancel' },
      done('compressImage', prepared),
      failure('compressImage', new Error('canvas failed')),
      done('upload', saved),
      ...failures.map((failed) => failure('upload', failed)),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const pathsOf = (input: ImageChangeInput) => generatePaths(imageChangeMachine, { events, input });

function failureText(input: ImageChangeInput, error: { status: number; message: string }) {
  return input.failureByStatus?.[error.status] ?? (input.failureText || error.message);
}

/**
 * Spec §2 Room page images (and the profile's): choose, prepare, preview, then save (the page showing
 * the image is sent the saved result) or cancel.
 */
const expectStep =
  (input: ImageChangeInput) =>
  (event: Event, before: Snapshot): ExpectedStep => {
    const { file } = before.context;
    const e = event as unknown as { type: string; file: File; error: { status: number; message: string } };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'choosing', tags: [], shown: { file: null, error: null } };
      case 'image.choose':
        return e.file.type.startsWith('image/')
          ? {
              value: 'compressing',
              tags: ['busy'],
              calls: [{ actor: 'compressImage', input: { file: e.file } }],
            }
          : { shown: { file, error: POSTS.imageOnly } };
      case 'image.cancel':
        return { value: 'cancelled', tags: [] };
      case 'xstate.done.actor.compressImage':
        return { value: 'previewing', tags: [], shown: { file: prepared, error: null } };
      case 'xstate.error.actor.compressImage':
        return {
          value: 'choosing',
          tags: [],
          shown: { file: null, error: null },
          effects: [log('image compression failed', e.error)],
        };
      case 'image.save':
        return { value: 'uploading', tags: ['busy'], calls: [{ actor: 'upload', input: { file } }] };
      case 'xstate.done.actor.upload':
        return {
          value: 'saved',
          tags: [],
          effects: [notify('success', input.successText)],
          sent: input.owner ? [{ to: input.owner.id, event: { type: 'image.saved', result: saved } }] : [],
        };
      default:
        return { value: 'previewing', tags: [], effects: [notify('error', failureText(input, e.error))] };
    }
  };

describe.each(uses)('changing $who', ({ input }) => {
  it.each(pathsOf(input).map((path) => [describePath(path), path] as const))(
    'prepares, previews and saves with the given toasts: %s',
    async (_, path) => {
      await executePath(imageChangeMachine, path, {
        input,
        promiseActors: ['compressImage', 'upload'],
        effects: ['notify', 'log'],
        shown: ({ file, error }) => ({ file, error }),
        expectStep: expectStep(input),
      });
    },
  );
});

describe('image change chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      imageChangeMachine,
      uses.flatMap(({ input }) => pathsOf(input)),
    );
  });

  it('refuses a file that is not an image without preparing it', () => {
    const actor = createActor(imageChangeMachine, { input: { successText: ROOMS.updated } }).start();
    actor.send({ type: 'image.choose', file: textFile() });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBe(POSTS.imageOnly);
  });

  it('is busy while preparing: no save, no other file', () => {
    const actor = createActor(
      imageChangeMachine.provide({
        actors: { compressImage: fromPromise(() => new Promise<File>(() => {})) },
      }),
      { input: { successText: ROOMS.updated } },
    ).start();
    actor.send({ type: 'image.choose', file: imageFile() });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'image.save' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'image.choose', file: imageFile() })).toBe(false);
  });

  it('can be cancelled while the image is prepared, but not while it uploads', async () => {
    const preparing = createActor(
      imageChangeMachine.provide({
        actors: { compressImage: fromPromise(() => new Promise<File>(() => {})) },
      }),
      { input: { successText: ROOMS.updated } },
    ).start();
    preparing.send({ type: 'image.choose', file: imageFile() });
    preparing.send({ type: 'image.cancel' });
    expect(preparing.getSnapshot().value).toBe('cancelled');
    expect(preparing.getSnapshot().output).toBeNull();

    const uploading = createActor(
      imageChangeMachine.provide({
        actors: {
          compressImage: fromPromise(async ({ input }: { input: { file: File } }) => input.file),
          upload: fromPromise<unknown, { file: File }>(() => new Promise(() => {})),
        },
      }),
      { input: { successText: ROOMS.updated } },
    ).start();
    uploading.send({ type: 'image.choose', file: imageFile() });
    await waitFor(uploading, (snapshot) => snapshot.matches('previewing'));
    uploading.send({ type: 'image.save' });
    expect(uploading.getSnapshot().can({ type: 'image.cancel' })).toBe(false);
  });

  it('uploads the prepared file and sends the page what the upload answered', async () => {
    const small = imageFile('small.png', 16);
    const uploaded: File[] = [];
    const page = createActor(
      setup({ types: { context: {} as { heard: unknown[] } } }).createMachine({
        context: { heard: [] },
        on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
      }),
    ).start();
    const actor = createActor(
      imageChangeMachine.provide({
        actors: {
          compressImage: fromPromise(async () => small),
          upload: fromPromise<unknown, { file: File }>(async ({ input }) => {
            uploaded.push(input.file);
            return saved;
          }),
        },
      }),
      { input: { successText: ROOMS.updated, owner: page } },
    ).start();
    actor.send({ type: 'image.choose', file: imageFile('big.png', 4096) });
    await waitFor(actor, (snapshot) => snapshot.matches('previewing'));
    expect(actor.getSnapshot().context.file).toBe(small);
    expect(page.getSnapshot().context.heard).toEqual([]);
    actor.send({ type: 'image.save' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(uploaded).toEqual([small]);
    expect(page.getSnapshot().context.heard).toEqual([{ type: 'image.saved', result: saved }]);
    expect(actor.getSnapshot().output).toEqual({ result: saved });
  });
});
