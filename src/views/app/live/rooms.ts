/**
 * The side navigation's room lists (spec §2 Layout): one actor for the app, joined to the real API and
 * following the session, so signing in or out reloads them. Flows that change which rooms a user has
 * (create, join, accept, leave, rename, delete) call `refreshRoomLists` through their `roomsChanged` action.
 */
import { createActor, fromPromise } from 'xstate';
import { roomListsMachine } from '../../../machines/roomLists.machine.ts';
import { fetchSideRooms } from '../../../services/api/rooms.ts';
import { inspect } from '../inspector.ts';
import { sessionActor } from './session.ts';

export const liveRoomListsMachine = roomListsMachine.provide({
  actors: {
    loadRooms: fromPromise(({ input }: { input: { viewerId: string | null } }) =>
      fetchSideRooms(input.viewerId),
    ),
  },
  actions: {
    log: (_, { message, error }) => console.warn(message, error),
  },
});

const viewerIdOf = (snapshot: ReturnType<typeof sessionActor.getSnapshot>): string | null =>
  snapshot.context.user?.userID ?? null;

let viewerId = viewerIdOf(sessionActor.getSnapshot());

export const roomListsActor = createActor(liveRoomListsMachine, {
  input: { viewerId },
  systemId: 'roomLists',
  inspect,
});
roomListsActor.start();

sessionActor.subscribe((snapshot) => {
  const next = viewerIdOf(snapshot);
  if (next === viewerId) return;
  viewerId = next;
  roomListsActor.send({ type: 'viewer.change', viewerId: next });
});

/** Re-fetches My Rooms and Public Rooms (after a room was created, joined, left, renamed or deleted). */
export function refreshRoomLists(): void {
  roomListsActor.send({ type: 'rooms.refresh' });
}
