/**
 * The side navigation's room lists (spec §2 Layout) joined to the real API (the dialogs' machines are in
 * live/roomDialogs.ts).
 *
 * The room lists are one app-wide actor that follows the session actor (signing in or out reloads
 * them). It is started when the side navigation first asks for it (`liveRoomLists`), not when this
 * module is imported: flows that change which rooms a user has (create, join, accept, leave, rename,
 * delete) import `refreshRoomLists` from here for their `roomsChanged` action, and their tests must not
 * start live actors.
 */
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import { roomListsMachine } from '../../../machines/roomLists.machine.ts';
import { fetchSideRooms } from '../../../services/api/rooms.ts';
import type { SessionActorRef } from '../actors.tsx';
import { effectActions } from '../effects.ts';
import { inspect } from '../inspector.ts';

const { log } = effectActions;

const liveRoomListsMachine = roomListsMachine.provide({
  actors: {
    loadRooms: fromPromise(({ input }: { input: { viewerId: string } }) => fetchSideRooms(input.viewerId)),
  },
  actions: { log },
});

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
  const actor = createActor(liveRoomListsMachine, {
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
