import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { DELAYS } from '../../src/domain/constants.ts';
import type { Room } from '../../src/domain/entities.ts';
import { ROOM_FORMS, ROOMS } from '../../src/domain/messages.ts';
import {
  RENAMING_ROOM_NOTICE_ID,
  type RenameRequest,
  renameRoomMachine,
} from '../../src/machines/renameRoom.machine.ts';
import { type RoomNameCheck, roomNameStatus } from '../../src/machines/roomName.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError } from '../support/createFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof renameRoomMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure, after } = syntheticEvents<Event>();

const makeRoom = (title: string, overrides: Partial<Room> = {}): Room => ({
  id: 'room-1',
  title,
  desc: 'A room',
  img: null,
  bgImg: null,
  privateRoom: false,
  CreatorId: 'u1',
  createdAt: '2025-01-01T00:00:00.000Z',
  _count: { posts: 2, polls: 1, members: 3 },
  ...overrides,
});

const room = makeRoom('quad');
const renamedRoom = makeRoom('quad2');
const input = { room };
const free: RoomNameCheck = { msg: true, text: ROOMS.available };
const taken: RoomNameCheck = { msg: false, text: ROOMS.notAvailable('quad2') };

const failures = [apiError(409, ROOMS.notAvailable('quad2')), apiError(403, ROOMS.notOwner), apiError(0, '')];

const eventsOf = (error: (typeof failures)[number]): Event[] => [
  { type: 'name.change', value: 'quad' },
  { type: 'name.change', value: '' },
  { type: 'name.change', value: 'ab' },
  { type: 'name.change', value: 'a b' },
  { type: 'name.change', value: 'quad2' },
  after('ROOM_NAME_CHECK', 'renameRoom.editing.name.waiting'),
  done('checkRoomName', free),
  done('checkRoomName', taken),
  failure('checkRoomName', apiError(0, 'Network Error')),
  { type: 'form.submit' },
  done('renameRoom', renamedRoom),
  failure('renameRoom', error),
  { type: 'dialog.close' },
];

function serialize(snapshot: Snapshot, event?: { type: string }) {
  const { name, nameCheck } = snapshot.context;
  const cause = event?.type.startsWith('xstate.') ? event : null;
  return JSON.stringify([snapshot.value, name, nameCheck, snapshot.context.room.title, cause]);
}

const scenarios = failures.map((error) => ({
  error,
  paths: generatePaths(renameRoomMachine, {
    events: (snapshot) => eventsOf(error).filter((event) => snapshot.can(event)),
    input,
    serializeState: serialize as never,
    simplePaths: false,
  }),
}));

const spies = () => ({ notify: vi.fn(), log: vi.fn(), roomsChanged: vi.fn(), renamed: vi.fn() });

/** Spec §5 Room name ('Rename uses the same rules') and the rename's toasts, read along a path. */
function expectedEffects(path: MachinePath<Machine>) {
  const notify: unknown[] = [];
  const renamed: unknown[] = [];
  let logs = 0;
  path.steps.forEach((step, index) => {
    const event = step.event as { type: string; error?: { message: string; status: number } };
    const before = path.steps[index - 1]?.state;
    if (step.state.matches('renaming') && !before?.matches('renaming')) {
      notify.push({ kind: 'loading', text: ROOM_FORMS.renaming, id: RENAMING_ROOM_NOTICE_ID });
    }
    if (event.type === 'xstate.done.actor.renameRoom') {
      notify.push({ kind: 'success', text: ROOMS.renamed, id: RENAMING_ROOM_NOTICE_ID });
      renamed.push({ room: renamedRoom });
    }
    if (event.type === 'xstate.error.actor.renameRoom') {
      notify.push({
        kind: 'error',
        text: event.error?.message || ROOM_FORMS.serverIssue,
        id: RENAMING_ROOM_NOTICE_ID,
      });
    }
    if (event.type === 'xstate.error.actor.checkRoomName') logs += 1;
  });
  return { notify, renamed, logs };
}

describe.each(scenarios)('rename room chart when renaming fails with $error.status', ({ paths }) => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart with the toasts and the renamed room: %s',
    async (_, path) => {
      const effects = spies();
      await executePath(renameRoomMachine, path, {
        input,
        promiseActors: ['checkRoomName', 'renameRoom'],
        provide: { actions: effects },
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      const want = expectedEffects(path);
      expect(effects.notify.mock.calls.map(([, notice]) => notice)).toEqual(want.notify);
      expect(effects.renamed.mock.calls.map(([, params]) => params)).toEqual(want.renamed);
      expect(effects.roomsChanged).toHaveBeenCalledTimes(want.renamed.length);
      expect(effects.log).toHaveBeenCalledTimes(want.logs);
    },
  );
});

describe('rename room', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(
      renameRoomMachine,
      scenarios.flatMap((scenario) => scenario.paths),
    );
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  function renaming(renameRoom: (request: RenameRequest) => Promise<Room>) {
    const clock = new SimulatedClock();
    const checks: string[] = [];
    const effects = spies();
    const actor = createActor(
      renameRoomMachine.provide({
        actors: {
          checkRoomName: fromPromise(async ({ input: check }: { input: { name: string } }) => {
            checks.push(check.name);
            return check.name === 'taken' ? taken : free;
          }),
          renameRoom: fromPromise(({ input: request }: { input: RenameRequest }) => renameRoom(request)),
        },
        actions: effects,
      }),
      { input, clock },
    ).start();
    return { clock, checks, effects, actor };
  }

  it('starts with the current title, which needs no check and cannot be saved', () => {
    const { clock, checks, actor } = renaming(async () => renamedRoom);
    expect(actor.getSnapshot().context.name).toBe('quad');
    expect(roomNameStatus(actor.getSnapshot())).toBe('unchanged');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'name.change', value: 'quad2' });
    actor.send({ type: 'name.change', value: 'quad' });
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    expect(checks).toEqual([]);
    expect(roomNameStatus(actor.getSnapshot())).toBe('unchanged');
  });

  it('checks a new name 500 ms after typing stops, then renames the room with it', async () => {
    const requests: RenameRequest[] = [];
    const { clock, checks, effects, actor } = renaming(async (request) => {
      requests.push(request);
      return renamedRoom;
    });
    actor.send({ type: 'name.change', value: 'quad2 ' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    await settle();
    expect(checks).toEqual(['quad2']);
    expect(roomNameStatus(actor.getSnapshot())).toBe('available');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(requests).toEqual([{ title: 'quad', newTitle: 'quad2' }]);
    expect(actor.getSnapshot().value).toBe('renamed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects.renamed).toHaveBeenCalledWith(expect.anything(), { room: renamedRoom });
  });

  it('shows a name taken meanwhile (409) as not available, with the server’s text', async () => {
    const { clock, actor } = renaming(() => Promise.reject(apiError(409, ROOMS.notAvailable('quad2'))));
    actor.send({ type: 'name.change', value: 'quad2' });
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    await settle();
    actor.send({ type: 'form.submit' });
    await settle();
    expect(roomNameStatus(actor.getSnapshot())).toBe('notAvailable');
    expect(actor.getSnapshot().context.nameCheck).toEqual({ msg: false, text: ROOMS.notAvailable('quad2') });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
  });

  it('keeps the form as it was after another failure (403)', async () => {
    const { clock, effects, actor } = renaming(() => Promise.reject(apiError(403, ROOMS.notOwner)));
    actor.send({ type: 'name.change', value: 'quad2' });
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    await settle();
    actor.send({ type: 'form.submit' });
    await settle();
    expect(roomNameStatus(actor.getSnapshot())).toBe('available');
    expect(effects.notify).toHaveBeenLastCalledWith(expect.anything(), {
      kind: 'error',
      text: ROOMS.notOwner,
      id: RENAMING_ROOM_NOTICE_ID,
    });
    expect(effects.renamed).not.toHaveBeenCalled();
  });
});
