/**
 * The rooms machines joined to the real API, image compression, toasts and router: the Create Room and
 * rename dialogs, and the side navigation's room lists (spec §2 Layout).
 *
 * The room lists are one app-wide actor that follows the session actor (signing in or out reloads
 * them). It is started when the side navigation first asks for it (`liveRoomLists`), not when this
 * module is imported: flows that change which rooms a user has (create, join, accept, leave, rename,
 * delete) import `refreshRoomLists` from here for their `roomsChanged` action, and their tests must not
 * start live actors.
 */
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import type { Room } from '../../../domain/entities.ts';
import { createRoomMachine, type NewRoomInput } from '../../../machines/createRoom.machine.ts';
import type { Navigation, Notice } from '../../../machines/effects.ts';
import { type RenameRequest, renameRoomMachine } from '../../../machines/renameRoom.machine.ts';
import { roomListsMachine } from '../../../machines/roomLists.machine.ts';
import { checkRoomName, createRoom, fetchSideRooms, renameRoom } from '../../../services/api/rooms.ts';
import { prepareImage } from '../../../services/images.ts';
import type { SessionActorRef } from '../actors.tsx';
import { goTo, showNotice } from '../effects.ts';
import { inspect } from '../inspector.ts';

const notify = (_: unknown, notice: Notice) => showNotice(notice);
const navigate = (_: unknown, navigation: Navigation) => goTo(navigation);
const log = (_: unknown, { message, error }: { message: string; error: unknown }) =>
  console.warn(message, error);
const roomsChanged = () => refreshRoomLists();
const checkName = fromPromise(({ input }: { input: { name: string } }) => checkRoomName(input.name));

export const liveRoomMachines = {
  createRoom: createRoomMachine.provide({
    actors: {
      checkRoomName: checkName,
      compressImage: fromPromise(({ input }: { input: { file: File } }) => prepareImage(input.file)),
      createRoom: fromPromise(({ input }: { input: NewRoomInput }) => createRoom(input)),
    },
    actions: { notify, navigate, log, roomsChanged },
  }),
  renameRoom: renameRoomMachine.provide({
    actors: {
      checkRoomName: checkName,
      renameRoom: fromPromise<Room, RenameRequest>(({ input }) => renameRoom(input.title, input.newTitle)),
    },
    actions: { notify, log, roomsChanged },
  }),
  roomLists: roomListsMachine.provide({
    actors: {
      loadRooms: fromPromise(({ input }: { input: { viewerId: string } }) => fetchSideRooms(input.viewerId)),
    },
    actions: { log },
  }),
};

export type RoomMachines = typeof liveRoomMachines;
export type RoomListsActorRef = ActorRefFrom<typeof roomListsMachine>;

type SessionSnapshot = ReturnType<SessionActorRef['getSnapshot']>;
const viewerIdOf = (snapshot: SessionSnapshot): string | null => snapshot.context.user?.userID ?? null;

/** The room-lists actor of each session actor: the app has one session, so one room-lists actor. */
const started = new Map<SessionActorRef, RoomListsActorRef>();

/** The app's room-lists actor, started on first use and reloaded whenever the signed-in user changes. */
export function liveRoomLists(session: SessionActorRef): RoomListsActorRef {
  const existing = started.get(session);
  if (existing) return existing;
  let viewerId = viewerIdOf(session.getSnapshot());
  const actor = createActor(liveRoomMachines.roomLists, {
    input: { viewerId },
    systemId: 'roomLists',
    inspect,
  });
  started.set(session, actor);
  actor.start();
  session.subscribe((snapshot) => {
    const next = viewerIdOf(snapshot);
    if (next === viewerId) return;
    viewerId = next;
    actor.send({ type: 'viewer.change', viewerId: next });
  });
  return actor;
}

/** Re-fetches My Rooms and Public Rooms (after a room was created, joined, left, renamed or deleted). */
export function refreshRoomLists(): void {
  for (const actor of started.values()) actor.send({ type: 'rooms.refresh' });
}
