/**
 * How one actor follows another inside the system: an invoked callback actor that subscribes to the
 * other and tells its parent, in the parent's own events, when what it cares about changed. Charts
 * invoke these by name (`followViewer`, `followRoomMembership`); this folder provides them.
 */
import { type AnyActorRef, type EventObject, fromCallback, type SnapshotFrom } from 'xstate';
import type { UserInfo } from '../domain/entities.ts';
import type { RoomListsActorRef, SessionActorRef } from './appActors.ts';

/** Sends `toEvent(user)` to the parent at once and whenever it changes (a sign-in, a sign-out, a new username). */
export function followViewer<E extends EventObject>(toEvent: (user: UserInfo | null) => E | null) {
  return fromCallback<EventObject, unknown>(({ system, sendBack }) => {
    const session = system.get('session') as SessionActorRef | undefined;
    if (!session) return undefined;
    return follow(session, (snapshot) => toEvent(snapshot.context.user), sendBack);
  });
}

/** Sends `toEvent(snapshot)` of `input.source` to the parent at once and whenever it changes. */
export function followActor<S, E extends EventObject>(toEvent: (snapshot: S) => E | null) {
  return fromCallback<EventObject, { source: AnyActorRef | null }>(({ input, sendBack }) => {
    if (!input.source) return undefined;
    return follow(input.source, (snapshot) => toEvent(snapshot as S), sendBack);
  });
}

function follow<S>(
  source: { getSnapshot(): S; subscribe(next: (snapshot: S) => void): { unsubscribe(): void } },
  toEvent: (snapshot: S) => EventObject | null,
  sendBack: (event: EventObject) => void,
): () => void {
  const keyOf = (event: EventObject | null) => JSON.stringify(event);
  const first = toEvent(source.getSnapshot());
  let last = keyOf(first);
  if (first) sendBack(first);
  const subscription = source.subscribe((snapshot) => {
    const event = toEvent(snapshot);
    const key = keyOf(event);
    if (key === last) return;
    last = key;
    if (event) sendBack(event);
  });
  return () => subscription.unsubscribe();
}

/**
 * 'rooms.mine' {ids} to the parent whenever the viewer's own rooms (the side navigation's lists)
 * change: a room joined from elsewhere (an invitation accepted in the notifications panel).
 */
export const followMyRooms = fromCallback<EventObject, unknown>(({ system, sendBack }) => {
  const lists = system.get('roomLists') as RoomListsActorRef | undefined;
  if (!lists) return undefined;
  const idsOf = (snapshot: SnapshotFrom<RoomListsActorRef>) => snapshot.context.mine.map((room) => room.id);
  let last = JSON.stringify(idsOf(lists.getSnapshot()));
  const subscription = lists.subscribe((snapshot) => {
    const ids = idsOf(snapshot);
    const key = JSON.stringify(ids);
    if (key === last) return;
    last = key;
    sendBack({ type: 'rooms.mine', ids });
  });
  return () => subscription.unsubscribe();
});

/** The owner's answers to the viewer's join requests among the session's notifications. */
const answersOf = (snapshot: SnapshotFrom<SessionActorRef>) =>
  snapshot.context.notifications.filter(
    (n) => (n.kind === 'requestAccepted' || n.kind === 'requestDeclined') && n.roomId !== null,
  );

/**
 * 'request.answered' {roomId} to the parent for each answer to the viewer's join requests that
 * reaches the session after it started following (live, or with a fetch of the list).
 */
export const followRequestAnswers = fromCallback<EventObject, unknown>(({ system, sendBack }) => {
  const session = system.get('session') as SessionActorRef | undefined;
  if (!session) return undefined;
  const seen = new Set(answersOf(session.getSnapshot()).map((n) => n.id));
  const subscription = session.subscribe((snapshot) => {
    for (const answer of answersOf(snapshot)) {
      if (seen.has(answer.id) || answer.roomId === null) continue;
      seen.add(answer.id);
      sendBack({ type: 'request.answered', roomId: answer.roomId });
    }
  });
  return () => subscription.unsubscribe();
});
