/**
 * The room page's machines (room load, membership, add member, image changes, the room's lists),
 * handed down by context so that tests render the real charts with fake services. Without a provider
 * the live ones are used.
 */
import type { ActorRefFrom } from 'xstate';
import type { roomPageMachine } from '../../../machines/roomPage.machine.ts';
import { liveRoomPageMachines } from '../../app/live/roomPage.ts';
import { machinesContext } from '../../app/machinesContext.tsx';

export type RoomPageActorRef = ActorRefFrom<typeof roomPageMachine>;

export const { Provider: RoomPageMachinesProvider, useMachines: useRoomPageMachines } =
  machinesContext(liveRoomPageMachines);
