/**
 * The rooms machines the views start (Create Room, rename) and the side navigation's room-lists actor,
 * handed down by context so that tests render the real charts with fake services. Without a provider
 * the live ones are used: live/rooms.ts for the lists, live/roomDialogs.ts for the dialogs (imported
 * by the dialogs themselves, through useRoomDialogMachines, so that it loads with them).
 */
import { createContext, type ReactNode, useContext } from 'react';
import { useSessionActor } from '../../app/actors.tsx';
import type { RoomDialogMachines } from '../../app/live/roomDialogs.ts';
import { liveRoomLists, type RoomListsActorRef } from '../../app/live/rooms.ts';

export type { RoomDialogMachines };

/** The dialogs' machines when a provider gives them; null: the live ones (useRoomDialogMachines). */
export const RoomMachinesContext = createContext<RoomDialogMachines | null>(null);
const RoomListsContext = createContext<RoomListsActorRef | null>(null);

export function RoomMachinesProvider({
  machines,
  roomLists,
  children,
}: {
  machines?: RoomDialogMachines;
  /** The side navigation's room lists; without one the app's live actor is used. */
  roomLists?: RoomListsActorRef;
  children: ReactNode;
}) {
  const outer = useContext(RoomMachinesContext);
  const outerLists = useContext(RoomListsContext);
  return (
    <RoomMachinesContext.Provider value={machines ?? outer}>
      <RoomListsContext.Provider value={roomLists ?? outerLists}>{children}</RoomListsContext.Provider>
    </RoomMachinesContext.Provider>
  );
}

/** The room-lists actor: the provided one, or the app's live actor following the session. */
export function useRoomLists(): RoomListsActorRef {
  const session = useSessionActor();
  const provided = useContext(RoomListsContext);
  return provided ?? liveRoomLists(session);
}
