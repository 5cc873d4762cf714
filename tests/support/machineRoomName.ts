/**
 * What the room-name field of the Create Room and rename forms (src/machines/roomName.ts) should do,
 * written once for both tests (spec §4 Room name availability, §5 Room name): the name is cut at 25
 * and classified at once, checked by the server 500 ms after typing stops, and a failed check never
 * claims the name is free.
 */
import type { EventObject } from 'xstate';
import type { RoomNameCheck, RoomNameStatus } from '../../src/machines/roomName.ts';
import { apiError, syntheticEvents } from './authFakes.ts';
import { log } from './machineEffects.ts';
import type { Call, Effect } from './machinePaths.ts';

export interface RoomNameField {
  status: RoomNameStatus;
  /** As typed, cut at 25. */
  name: string;
  /** The server's answer for the current name, null while waiting for it. */
  check: RoomNameCheck | null;
}

/**
 * The field's events for the path generator: an empty, a short and a spaced name, then `name` (with a
 * space after it), the wait in the state `waiting` ending, and the check answering `free`, `taken` or failing.
 */
export function roomNameEvents<E extends EventObject>(field: {
  waiting: string;
  name: string;
  free: RoomNameCheck;
  taken: RoomNameCheck;
}): E[] {
  const { done, failure, after } = syntheticEvents<E>();
  const events = [
    { type: 'name.change', value: '' },
    { type: 'name.change', value: 'ab' },
    { type: 'name.change', value: 'a b' },
    { type: 'name.change', value: `${field.name} ` },
    after('ROOM_NAME_CHECK', field.waiting),
    done('checkRoomName', field.free),
    done('checkRoomName', field.taken),
    failure('checkRoomName', apiError(0, 'Network Error')),
  ];
  return events as E[];
}

/** The field's status for a typed name, by the spec's rules (3 to 25 characters once trimmed, no spaces inside). */
function statusOf(name: string, current?: string): RoomNameStatus {
  if (name === current) return 'unchanged';
  if (name === '') return 'empty';
  if (/\s/.test(name.trim())) return 'hasSpaces';
  if (name.trim().length < 3) return 'tooShort';
  return 'waiting';
}

/**
 * The field after one of its events, with the calls and effects of the step; undefined for other
 * events. `current` is the room's name in a rename (typing it again needs no check).
 */
export function roomNameFieldStep(
  event: EventObject,
  field: RoomNameField,
  current?: string,
): { field: RoomNameField; calls?: Call[]; effects?: Effect[] } | undefined {
  const e = event as { type: string; value?: string; output?: RoomNameCheck; error?: unknown };
  if (e.type === 'name.change') {
    const name = (e.value ?? '').slice(0, 25);
    const status = statusOf(name, current);
    // a new wait forgets the answer about the earlier name
    return { field: { status, name, check: status === 'waiting' ? null : field.check } };
  }
  if (e.type.startsWith('xstate.after.ROOM_NAME_CHECK')) {
    return {
      field: { ...field, status: 'checking' },
      calls: [{ actor: 'checkRoomName', input: { name: field.name.trim() } }],
    };
  }
  if (e.type === 'xstate.done.actor.checkRoomName' && e.output) {
    return { field: { ...field, status: e.output.msg ? 'available' : 'notAvailable', check: e.output } };
  }
  if (e.type === 'xstate.error.actor.checkRoomName') {
    return { field: { ...field, status: 'checkFailed' }, effects: [log('room name check failed', e.error)] };
  }
  return undefined;
}
