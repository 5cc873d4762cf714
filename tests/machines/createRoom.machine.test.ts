import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { DELAYS, LIMITS } from '../../src/domain/constants.ts';
import type { Room } from '../../src/domain/entities.ts';
import { POSTS, ROOM_FORMS, ROOMS } from '../../src/domain/messages.ts';
import {
  CREATING_ROOM_NOTICE_ID,
  createRoomMachine,
  type NewRoomInput,
  type RoomCreated,
} from '../../src/machines/createRoom.machine.ts';
import { type RoomNameCheck, roomNameStatus } from '../../src/machines/roomName.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, imageFile, textFile } from '../support/createFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof createRoomMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure, after } = syntheticEvents<Event>();

const makeRoom = (title: string, overrides: Partial<Room> = {}): Room => ({
  id: `id-${title}`,
  title,
  desc: null,
  img: null,
  bgImg: null,
  privateRoom: false,
  CreatorId: 'u1',
  createdAt: '2025-01-01T00:00:00.000Z',
  _count: { posts: 0, polls: 0, members: 1 },
  ...overrides,
});

const free: RoomNameCheck = { msg: true, text: ROOMS.available };
const taken: RoomNameCheck = { msg: false, text: ROOMS.notAvailable('quad') };
const created: RoomCreated = { msg: ROOMS.created, newRoom: makeRoom('quad') };
/** Files serialise to {} in the graph's event keys: these stand-ins keep the picked image and the text file apart. */
const picked = (file: File) => ({ name: file.name, type: file.type, size: file.size }) as File;
const compressed = picked(imageFile('small.png', 16));

const typing: Event[] = [
  { type: 'name.change', value: '' },
  { type: 'name.change', value: 'ab' },
  { type: 'name.change', value: 'a b' },
  { type: 'name.change', value: 'quad' },
  after('ROOM_NAME_CHECK', 'createRoom.details.name.waiting'),
  done('checkRoomName', free),
  done('checkRoomName', taken),
  failure('checkRoomName', apiError(0, 'Network Error')),
];

/** The scenarios the chart is walked in: each keeps the graph small and fails its calls one way. */
const scenarios = [
  {
    name: 'typing a name and going on',
    events: [...typing, { type: 'details.next' }, { type: 'dialog.close' }] as Event[],
  },
  {
    name: 'the details: description and icon',
    events: [
      { type: 'name.change', value: 'quad' },
      after('ROOM_NAME_CHECK', 'createRoom.details.name.waiting'),
      done('checkRoomName', free),
      { type: 'desc.change', value: 'Our study room' },
      { type: 'icon.choose', file: picked(imageFile()) },
      { type: 'icon.choose', file: picked(textFile()) },
      { type: 'icon.remove' },
      done('compressImage', compressed),
      failure('compressImage', new Error('canvas failed')),
      { type: 'details.next' },
      { type: 'privacy.back' },
    ] as Event[],
  },
  ...[apiError(409, ROOMS.notAvailable('quad')), apiError(500, 'Server exploded'), apiError(0, '')].map(
    (error) => ({
      name: `creating, failing with ${error.status}`,
      error,
      events: [
        { type: 'name.change', value: 'quad' },
        after('ROOM_NAME_CHECK', 'createRoom.details.name.waiting'),
        done('checkRoomName', free),
        { type: 'details.next' },
        { type: 'privacy.choose', privateRoom: true },
        { type: 'privacy.choose', privateRoom: false },
        { type: 'privacy.back' },
        { type: 'form.submit' },
        done('createRoom', created),
        failure('createRoom', error),
        { type: 'dialog.close' },
      ] as Event[],
    }),
  ),
];

/** What matters of a state: where it is, the fields, the check's answer, and the actor result or timer that led there. */
function serialize(snapshot: Snapshot, event?: { type: string }) {
  const { name, nameCheck, desc, image, imageError, privateRoom } = snapshot.context;
  const cause = event?.type.startsWith('xstate.') ? event : null;
  return JSON.stringify([
    snapshot.value,
    name,
    nameCheck,
    desc,
    Boolean(image),
    imageError,
    privateRoom,
    cause,
  ]);
}

const pathsOf = (events: Event[]) =>
  generatePaths(createRoomMachine, {
    events: (snapshot) => events.filter((event) => snapshot.can(event)),
    serializeState: serialize as never,
    simplePaths: false,
  });

const spies = () => ({
  notify: vi.fn(),
  navigate: vi.fn(),
  log: vi.fn(),
  roomsChanged: vi.fn(),
});

/** Spec §2 Create Room flow and §8 Room create, read along a path. */
function expectedEffects(path: MachinePath<Machine>) {
  const notify: unknown[] = [];
  const navigate: unknown[] = [];
  let logs = 0;
  let changes = 0;
  path.steps.forEach((step, index) => {
    const event = step.event as { type: string; error?: { message: string; status: number } };
    const before = path.steps[index - 1]?.state;
    if (step.state.matches('creating') && !before?.matches('creating')) {
      notify.push({ kind: 'loading', text: ROOM_FORMS.creating, id: CREATING_ROOM_NOTICE_ID });
    }
    if (event.type === 'xstate.done.actor.createRoom') {
      notify.push({ kind: 'success', text: ROOMS.created, id: CREATING_ROOM_NOTICE_ID });
      navigate.push({ to: '/room/u1/quad' });
      changes += 1;
    }
    if (event.type === 'xstate.error.actor.createRoom') {
      const fallback = event.error?.status === 409 ? ROOMS.notAvailable('quad') : ROOM_FORMS.serverIssue;
      notify.push({ kind: 'error', text: event.error?.message || fallback, id: CREATING_ROOM_NOTICE_ID });
    }
    if (
      event.type === 'xstate.error.actor.compressImage' ||
      event.type === 'xstate.error.actor.checkRoomName'
    ) {
      logs += 1;
    }
  });
  return { notify, navigate, logs, changes };
}

const allPaths = scenarios.flatMap((scenario) => pathsOf(scenario.events));

describe.each(scenarios)('create room chart: $name', ({ events }) => {
  const paths = pathsOf(events);
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart with the spec’s toasts and redirect: %s',
    async (_, path) => {
      const effects = spies();
      await executePath(createRoomMachine, path, {
        promiseActors: ['checkRoomName', 'compressImage', 'createRoom'],
        provide: { actions: effects },
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      const want = expectedEffects(path);
      expect(effects.notify.mock.calls.map(([, notice]) => notice)).toEqual(want.notify);
      expect(effects.navigate.mock.calls.map(([, to]) => to)).toEqual(want.navigate);
      expect(effects.log).toHaveBeenCalledTimes(want.logs);
      expect(effects.roomsChanged).toHaveBeenCalledTimes(want.changes);
    },
  );
});

describe('create room', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(createRoomMachine, allPaths);
  });

  /** An actor on a simulated clock whose name checks stay pending until the test answers them. */
  function withPendingChecks() {
    const clock = new SimulatedClock();
    const checks: { name: string; resolve: (check: RoomNameCheck) => void }[] = [];
    const actor = createActor(
      createRoomMachine.provide({
        actors: {
          checkRoomName: fromPromise<RoomNameCheck, { name: string }>(
            ({ input }) => new Promise((resolve) => checks.push({ name: input.name, resolve })),
          ),
          compressImage: fromPromise<File, { file: File }>(() => new Promise(() => {})),
        },
      }),
      { clock },
    ).start();
    const type = (value: string) => actor.send({ type: 'name.change', value });
    const status = () => roomNameStatus(actor.getSnapshot());
    return { clock, checks, actor, type, status };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('checks the name only once typing has stopped for 500 ms', () => {
    const { clock, checks, type, status } = withPendingChecks();
    type('qua');
    clock.increment(DELAYS.ROOM_NAME_CHECK - 100);
    type('quad');
    clock.increment(DELAYS.ROOM_NAME_CHECK - 1);
    expect(status()).toBe('waiting');
    expect(checks).toEqual([]);
    clock.increment(1);
    expect(status()).toBe('checking');
    expect(checks.map((check) => check.name)).toEqual(['quad']);
  });

  it('drops a running check when a newer keystroke comes, and checks the newer name', async () => {
    const { clock, checks, actor, type, status } = withPendingChecks();
    type('quad');
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    type('quads');
    checks[0]?.resolve(free);
    await settle();
    expect(status()).toBe('waiting');
    expect(actor.getSnapshot().context.nameCheck).toBeNull();
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    checks[1]?.resolve(taken);
    await settle();
    expect(checks.map((check) => check.name)).toEqual(['quad', 'quads']);
    expect(status()).toBe('notAvailable');
  });

  it('classifies the name before asking the server: empty, too short, with spaces', () => {
    const { clock, checks, type, status } = withPendingChecks();
    expect(status()).toBe('empty');
    type('ab');
    expect(status()).toBe('tooShort');
    type('a b');
    expect(status()).toBe('hasSpaces');
    type('');
    expect(status()).toBe('empty');
    clock.increment(DELAYS.ROOM_NAME_CHECK * 2);
    expect(checks).toEqual([]);
  });

  it('cuts the name at 25 characters and sends it trimmed to the check', () => {
    const { clock, checks, actor, type } = withPendingChecks();
    type(` ${'q'.repeat(40)}`);
    expect(actor.getSnapshot().context.name).toHaveLength(LIMITS.roomNameMax);
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    expect(checks.map((check) => check.name)).toEqual(['q'.repeat(LIMITS.roomNameMax - 1)]);
  });

  it('allows Save & Next only while the name is valid and available and no icon is being prepared', async () => {
    const { clock, checks, actor, type } = withPendingChecks();
    const canGoOn = () => actor.getSnapshot().can({ type: 'details.next' });
    expect(canGoOn()).toBe(false);
    type('ab');
    expect(canGoOn()).toBe(false);
    type('a b');
    expect(canGoOn()).toBe(false);
    type('quad');
    expect(canGoOn()).toBe(false);
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    expect(canGoOn()).toBe(false);
    checks[0]?.resolve(taken);
    await settle();
    expect(canGoOn()).toBe(false);
    type('quad2');
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    checks[1]?.resolve(free);
    await settle();
    expect(canGoOn()).toBe(true);
    actor.send({ type: 'icon.choose', file: imageFile() });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(canGoOn()).toBe(false);
  });

  it('never claims a name is free when the check failed', async () => {
    const clock = new SimulatedClock();
    const log = vi.fn();
    const actor = createActor(
      createRoomMachine.provide({
        actors: {
          checkRoomName: fromPromise<RoomNameCheck, { name: string }>(() =>
            Promise.reject(apiError(0, 'Network Error')),
          ),
        },
        actions: { log },
      }),
      { clock },
    ).start();
    actor.send({ type: 'name.change', value: 'quad' });
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    await settle();
    expect(roomNameStatus(actor.getSnapshot())).toBe('checkFailed');
    expect(actor.getSnapshot().can({ type: 'details.next' })).toBe(false);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('refuses a file that is not an image without compressing it', () => {
    const actor = createActor(createRoomMachine).start();
    actor.send({ type: 'icon.choose', file: textFile() });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.imageError).toBe(POSTS.imageOnly);
  });

  it('goes Back to the details with every value kept, then creates the room with the trimmed fields', async () => {
    const sent: NewRoomInput[] = [];
    const effects = spies();
    const clock = new SimulatedClock();
    const actor = createActor(
      createRoomMachine.provide({
        actors: {
          checkRoomName: fromPromise(async () => free),
          compressImage: fromPromise(async () => compressed),
          createRoom: fromPromise(async ({ input }: { input: NewRoomInput }) => {
            sent.push(input);
            return created;
          }),
        },
        actions: effects,
      }),
      { clock },
    ).start();
    actor.send({ type: 'name.change', value: 'quad ' });
    actor.send({ type: 'desc.change', value: '  Our study room ' });
    actor.send({ type: 'icon.choose', file: imageFile('big.png', 4096) });
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    await settle();
    actor.send({ type: 'details.next' });
    actor.send({ type: 'privacy.choose', privateRoom: true });
    actor.send({ type: 'privacy.back' });
    expect(actor.getSnapshot().matches({ details: { name: 'available', icon: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      name: 'quad ',
      desc: '  Our study room ',
      privateRoom: true,
    });
    actor.send({ type: 'details.next' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(sent).toEqual([{ title: 'quad', desc: 'Our study room', privateRoom: true, image: compressed }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('created');
    expect(effects.roomsChanged).toHaveBeenCalledTimes(1);
  });

  it('cannot be closed while the room is being created', () => {
    const { context } = createActor(createRoomMachine).getSnapshot();
    const creating = createRoomMachine.resolveState({ value: 'creating', context });
    expect(creating.can({ type: 'dialog.close' })).toBe(false);
    expect(creating.hasTag('busy')).toBe(true);
    const choosing = createRoomMachine.resolveState({ value: 'privacy', context });
    expect(choosing.can({ type: 'dialog.close' })).toBe(true);
  });
});
