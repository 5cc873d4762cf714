/** The Create Room and rename dialogs' machines: the provider's, or the live ones. */
import { useContext } from 'react';
import { liveRoomDialogMachines, type RoomDialogMachines } from '../../app/live/roomDialogs.ts';
import { RoomMachinesContext } from './roomsContext.tsx';

export const useRoomDialogMachines = (): RoomDialogMachines =>
  useContext(RoomMachinesContext) ?? liveRoomDialogMachines;
