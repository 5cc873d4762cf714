import { describe, expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  type EventFrom,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate';
import { DELAYS } from '../../src/domain/constants.ts';
import { ROOM_FORMS, ROOMS } from '../../src/domain/messages.ts';
import { roomPath } from '../../src/domain/roomRoutes.ts';
import { RENAMING_ROOM_NOTICE_ID, renameRoomMachine } from '../../src/machines/renameRoom.machine.ts';
import { type RoomNameCheck, type RoomNameStatus, roomNameStatus } from '../../src/machines/roomName.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { apiError } from '../support/createFakes.ts';
import { makeRoom } from '../support/feedFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
import { type RoomNameField, roomNameEvents, roomNameFieldStep } from '../support/machineRoomName.ts';

type Machine = typeof renameRoomMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const room = makeRoom('quad');
const renamedRoom = { ...room, title: 'quad2' };
/** The room page: it is sent the renamed room. */
const page = createActor(createMachine({}), { id: 'roomPage' });
const input = { room, page };
const free: RoomNameCheck = { msg: true, text: ROOMS.available };
const taken: RoomNameCheck = { msg: false, text: ROOMS.notAvailable('quad2') };

const failures = [apiError(409, ROOMS.notAvailable('quad2')), apiError(403, ROOMS.notOwner), apiError(0, '')];

const eventsOf = (error: (typeof failures)[number]): Event[] => [
  { type: 'name.change', value: 'quad' },
  ...roomNameEvents<Event>({ waiting: 'renameRoom.editing.name.waiting', name: 'quad2', free, taken }),
  { type: 'form.submit' },
  done('renameRoom', renamedRoom),
  failure('renameRoom', error),
  { type: 'dialog.close' },
];

// The last scenario renames from a dialog with no page to tell.
const scenarios = failures.map((error, place) => {
  const scenarioInput = place === failures.length - 1 ? { room, page: null } : input;
  return {
    error,
    input: scenarioInput,
    paths: generatePaths(renameRoomMachine, {
      events: (snapshot) => eventsOf(error).filter((event) => snapshot.can(event)),
      input: scenarioInput,
    }),
  };
});

const editing = (field: RoomNameField): ExpectedStep => ({
  value: { editing: { name: field.status } },
  tags: [`name.${field.status}`],
  shown: { name: field.name, nameCheck: field.check },
});

/**
 * Spec §5 Room name ('Rename uses the same rules'), §7 `rooms/update`: the current name needs no check,
 * a new one is renamed to once it is available, behind a loading toast its outcome replaces; then the
 * room page shows the renamed room, at its new address.
 */
const expectStep =
  (error: { status: number; message: string }, told: boolean) =>
  (event: Event, before: Snapshot): ExpectedStep => {
    const status = (before.value as { editing?: { name: RoomNameStatus } }).editing?.name ?? 'available';
    const field: RoomNameField = { status, name: before.context.name, check: before.context.nameCheck };
    const typed = roomNameFieldStep(event, field, room.title);
    if (typed) return { ...editing(typed.field), calls: typed.calls, effects: typed.effects };
    switch (event.type as string) {
      case 'xstate.init':
        return editing({ status: 'unchanged', name: room.title, check: null });
      case 'form.submit':
        return {
          value: 'renaming',
          tags: ['busy'],
          effects: [notify('loading', ROOM_FORMS.renaming, RENAMING_ROOM_NOTICE_ID)],
          calls: [{ actor: 'renameRoom', input: { title: room.title, newTitle: field.name.trim() } }],
        };
      case 'dialog.close':
        return { value: 'closed', tags: [] };
      case 'xstate.done.actor.renameRoom':
        return {
          value: 'renamed',
          tags: [],
          effects: [
            notify('success', ROOMS.renamed, RENAMING_ROOM_NOTICE_ID),
            { type: 'roomsChanged' },
            // the old address names no room any more
            navigate(roomPath(renamedRoom), { replace: true }),
          ],
          sent: told ? [{ to: 'roomPage', event: { type: 'room.renamed', room: renamedRoom } }] : [],
        };
      default: {
        if (error.status === 409) {
          // the name was taken since it was checked
          const text = error.message || ROOMS.notAvailable(field.name.trim());
          return {
            ...editing({ ...field, status: 'notAvailable', check: { msg: false, text } }),
            effects: [notify('error', text, RENAMING_ROOM_NOTICE_ID)],
          };
        }
        return {
          ...editing({ ...field, status: 'available' }),
          effects: [notify('error', error.message || ROOM_FORMS.serverIssue, RENAMING_ROOM_NOTICE_ID)],
        };
      }
    }
  };

describe.each(scenarios)(
  'renaming a room when renaming fails with $error.status',
  ({ error, input, paths }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'checks the new name, renames, refreshes the lists and moves the page to the new address: %s',
      async (_, path) => {
        await executePath(renameRoomMachine, path, {
          input,
          promiseActors: ['checkRoomName', 'renameRoom'],
          effects: ['notify', 'log', 'roomsChanged', 'navigate'],
          shown: ({ name, nameCheck }) => ({ name, nameCheck }),
          expectStep: expectStep(error, input.page !== null),
        });
      },
    );
  },
);

describe('rename room', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      renameRoomMachine,
      scenarios.flatMap((scenario) => scenario.paths),
    );
  });

  it('starts with the current title, which needs no check and cannot be saved', () => {
    const clock = new SimulatedClock();
    const checks: string[] = [];
    const actor = createActor(
      renameRoomMachine.provide({
        actors: {
          checkRoomName: fromPromise(async ({ input: check }: { input: { name: string } }) => {
            checks.push(check.name);
            return free;
          }),
        },
      }),
      { input, clock },
    ).start();
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'name.change', value: 'quad2' });
    actor.send({ type: 'name.change', value: 'quad' });
    clock.increment(DELAYS.ROOM_NAME_CHECK);
    expect(checks).toEqual([]);
    expect(roomNameStatus(actor.getSnapshot())).toBe('unchanged');
  });
});
