import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { DELAYS, LIMITS } from '../../src/domain/constants.ts';
import { POSTS, ROOM_FORMS, ROOMS } from '../../src/domain/messages.ts';
import {
  CREATING_ROOM_NOTICE_ID,
  type CreateRoomContext,
  createRoomMachine,
  type RoomCreated,
} from '../../src/machines/createRoom.machine.ts';
import { type RoomNameCheck, type RoomNameStatus, roomNameStatus } from '../../src/machines/roomName.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError, imageFile, picked, textFile } from '../support/createFakes.ts';
import { makeRoom } from '../support/feedFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
import { type RoomNameField, roomNameEvents, roomNameFieldStep } from '../support/machineRoomName.ts';

type Machine = typeof createRoomMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure, after } = syntheticEvents<Event>();

const free: RoomNameCheck = { msg: true, text: ROOMS.available };
const taken: RoomNameCheck = { msg: false, text: ROOMS.notAvailable('quad') };
const created: RoomCreated = { msg: ROOMS.created, newRoom: makeRoom('quad') };
const compressed = picked(imageFile('small.png', 16));
const canvasFailed = new Error('canvas failed');

const typing = roomNameEvents<Event>({
  waiting: 'createRoom.details.name.waiting',
  name: 'quad',
  free,
  taken,
});

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
      { type: 'desc.change', value: '  Our study room ' },
      { type: 'icon.choose', file: picked(imageFile()) },
      { type: 'icon.choose', file: picked(textFile()) },
      { type: 'icon.remove' },
      done('compressImage', compressed),
      failure('compressImage', canvasFailed),
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

/** What matters of a state: where it is, the fields and the check's answer. */
function serialize(snapshot: Snapshot) {
  const { name, nameCheck, desc, image, imageError, privateRoom } = snapshot.context;
  return JSON.stringify([snapshot.value, name, nameCheck, desc, Boolean(image), imageError, privateRoom]);
}

const pathsOf = (events: Event[]) =>
  generatePaths(createRoomMachine, {
    events: (snapshot) => events.filter((event) => snapshot.can(event)),
    serializeState: serialize,
  });

const shownOf = ({ name, nameCheck, desc, image, imageError, privateRoom }: CreateRoomContext) => ({
  name,
  nameCheck,
  desc,
  image,
  imageError,
  privateRoom,
});

type Icon = 'idle' | 'compressing';
const details = (field: RoomNameStatus, icon: Icon): ExpectedStep => ({
  value: { details: { name: field, icon } },
  tags: [`name.${field}`, ...(icon === 'compressing' ? ['busy'] : [])],
});

/**
 * Spec §2 Create Room flow, §4 Room name availability, §8 Room create: the details (a free name, an
 * optional description and icon), then the privacy, then the room behind a loading toast its outcome
 * replaces; a name taken meanwhile goes back to the name.
 */
function expectStep(event: Event, before: Snapshot): ExpectedStep {
  const shown = shownOf(before.context);
  const regions = (before.value as { details?: { name: RoomNameStatus; icon: Icon } }).details;
  const field: RoomNameField = {
    status: regions?.name ?? 'available',
    name: shown.name,
    check: shown.nameCheck,
  };
  const icon = regions?.icon ?? 'idle';
  const typed = roomNameFieldStep(event, field);
  if (typed) {
    return {
      ...details(typed.field.status, icon),
      shown: { ...shown, name: typed.field.name, nameCheck: typed.field.check },
      calls: typed.calls,
      effects: typed.effects,
    };
  }
  const e = event as unknown as {
    type: string;
    value: string;
    file: File;
    privateRoom: boolean;
    error: { status: number; message: string };
  };
  switch (e.type) {
    case 'xstate.init':
      return {
        ...details('empty', 'idle'),
        shown: { name: '', nameCheck: null, desc: '', image: null, imageError: null, privateRoom: false },
      };
    case 'desc.change':
      return { shown: { ...shown, desc: e.value.slice(0, 500) } };
    case 'icon.choose':
      return e.file.type.startsWith('image/')
        ? {
            ...details(field.status, 'compressing'),
            calls: [{ actor: 'compressImage', input: { file: e.file } }],
          }
        : { shown: { ...shown, imageError: POSTS.imageOnly } };
    case 'icon.remove':
      return { shown: { ...shown, image: null, imageError: null } };
    case 'xstate.done.actor.compressImage':
      return { ...details(field.status, 'idle'), shown: { ...shown, image: compressed, imageError: null } };
    case 'xstate.error.actor.compressImage':
      return {
        ...details(field.status, 'idle'),
        effects: [log('room icon compression failed', canvasFailed)],
      };
    case 'details.next':
      return { value: 'privacy', tags: [] };
    case 'privacy.choose':
      return { shown: { ...shown, privateRoom: e.privateRoom } };
    case 'privacy.back':
      // the name was available when the user went on: it is shown so again
      return details('available', 'idle');
    case 'dialog.close':
      return { value: 'closed', tags: [] };
    case 'form.submit':
      return {
        value: 'creating',
        tags: ['busy'],
        effects: [notify('loading', ROOM_FORMS.creating, CREATING_ROOM_NOTICE_ID)],
        calls: [
          {
            actor: 'createRoom',
            input: {
              title: shown.name.trim(),
              desc: shown.desc.trim(),
              privateRoom: shown.privateRoom,
              image: shown.image,
            },
          },
        ],
      };
    case 'xstate.done.actor.createRoom':
      return {
        value: 'created',
        tags: [],
        effects: [
          notify('success', ROOMS.created, CREATING_ROOM_NOTICE_ID),
          { type: 'roomsChanged' },
          navigate('/room/u1/quad'),
        ],
      };
    default: {
      if (e.error.status === 409) {
        // the name was taken since it was checked
        const text = e.error.message || ROOMS.notAvailable(shown.name.trim());
        return {
          ...details('notAvailable', 'idle'),
          shown: { ...shown, nameCheck: { msg: false, text } },
          effects: [notify('error', text, CREATING_ROOM_NOTICE_ID)],
        };
      }
      return {
        value: 'privacy',
        tags: [],
        effects: [notify('error', e.error.message || ROOM_FORMS.serverIssue, CREATING_ROOM_NOTICE_ID)],
      };
    }
  }
}

const allPaths = scenarios.flatMap((scenario) => pathsOf(scenario.events));

describe.each(scenarios)('create room chart: $name', ({ events }) => {
  it.each(pathsOf(events).map((path) => [describePath(path), path] as const))(
    'checks the name, prepares the icon and creates the room: %s',
    async (_, path) => {
      await executePath(createRoomMachine, path, {
        promiseActors: ['checkRoomName', 'compressImage', 'createRoom'],
        effects: ['notify', 'navigate', 'log', 'roomsChanged'],
        shown: shownOf,
        expectStep,
      });
    },
  );
});

describe('create room', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, createRoomMachine, allPaths);
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

  it('cannot be closed while the room is being created', () => {
    const { context } = createActor(createRoomMachine).getSnapshot();
    const creating = createRoomMachine.resolveState({ value: 'creating', context });
    expect(creating.can({ type: 'dialog.close' })).toBe(false);
    expect(creating.hasTag('busy')).toBe(true);
    const choosing = createRoomMachine.resolveState({ value: 'privacy', context });
    expect(choosing.can({ type: 'dialog.close' })).toBe(true);
  });
});
