/** The room page's machines (room load, membership, add member, image changes, the room's lists) on the app's system. */
import type { ActorRefFrom } from 'xstate';
import type { roomPageMachine } from '../../../machines/roomPage.machine.ts';
import { useMachines } from '../../../system/hooks.ts';
import { roomPageMachines } from '../../../system/roomPage.ts';

export type RoomPageActorRef = ActorRefFrom<typeof roomPageMachine>;

export const useRoomPageMachines = () => useMachines(roomPageMachines);
