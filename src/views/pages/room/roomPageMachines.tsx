/**
 * The room page's machines (room load, membership, add member, image changes, the room's lists),
 * handed down by context so that tests render the real charts with fake services. Without a provider
 * the live ones are used.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { roomPageMachine } from '../../../machines/roomPage.machine.ts';
import { liveRoomPageMachines, type RoomPageMachines } from '../../app/live/roomPage.ts';

export type RoomPageActorRef = ActorRefFrom<typeof roomPageMachine>;

const RoomPageMachinesContext = createContext<RoomPageMachines>(liveRoomPageMachines);

export function RoomPageMachinesProvider({
  machines,
  children,
}: {
  machines: RoomPageMachines;
  children: ReactNode;
}) {
  return <RoomPageMachinesContext.Provider value={machines}>{children}</RoomPageMachinesContext.Provider>;
}

export const useRoomPageMachines = (): RoomPageMachines => useContext(RoomPageMachinesContext);
