/**
 * The Create Room and rename dialogs' machines on the system's API and platform. Only the dialogs
 * import this module (they are loaded when first opened), so the room-name rules and their validation
 * library stay out of the first load.
 */
import { fromPromise } from 'xstate';
import type { Room } from '../domain/entities.ts';
import { createRoomMachine, type NewRoomInput } from '../machines/createRoom.machine.ts';
import { type RenameRequest, renameRoomMachine } from '../machines/renameRoom.machine.ts';
import { effectsOf, roomsChanged } from './effects.ts';
import type { QuadSystem } from './quadSystem.ts';

export function roomDialogMachines({ api, platform }: QuadSystem) {
  const { notify, navigate, log } = effectsOf(platform);
  const checkRoomName = fromPromise(({ input }: { input: { name: string } }) =>
    api.checkRoomName(input.name),
  );
  return {
    createRoom: createRoomMachine.provide({
      actors: {
        checkRoomName,
        compressImage: fromPromise(({ input }: { input: { file: File } }) =>
          platform.prepareImage(input.file),
        ),
        createRoom: fromPromise(({ input }: { input: NewRoomInput }) => api.createRoom(input)),
      },
      actions: { notify, navigate, log, roomsChanged },
    }),
    renameRoom: renameRoomMachine.provide({
      actors: {
        checkRoomName,
        renameRoom: fromPromise<Room, RenameRequest>(({ input }) =>
          api.renameRoom(input.title, input.newTitle),
        ),
      },
      actions: { notify, navigate, log, roomsChanged },
    }),
  };
}

export type RoomDialogMachines = ReturnType<typeof roomDialogMachines>;
