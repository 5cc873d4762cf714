/** The Create Room and rename dialogs' machines on the app's system (loaded with the dialogs). */
import { useMachines } from '../../../system/hooks.ts';
import { roomDialogMachines } from '../../../system/roomDialogs.ts';

export const useRoomDialogMachines = () => useMachines(roomDialogMachines);
