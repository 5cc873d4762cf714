/**
 * The Create Room and rename dialogs' machines joined to the real API, image compression, toasts and
 * router. Only the dialogs import this module (they are loaded when first opened), so the room-name
 * rules and their validation library stay out of the first load.
 */
import { fromPromise } from 'xstate';
import type { Room } from '../../../domain/entities.ts';
import { createRoomMachine, type NewRoomInput } from '../../../machines/createRoom.machine.ts';
import { type RenameRequest, renameRoomMachine } from '../../../machines/renameRoom.machine.ts';
import { checkRoomName, createRoom, renameRoom } from '../../../services/api/rooms.ts';
import { prepareImage } from '../../../services/images.ts';
import { effectActions } from '../effects.ts';
import { refreshRoomLists } from './rooms.ts';

const { notify, navigate, log } = effectActions;
const roomsChanged = () => refreshRoomLists();
const checkName = fromPromise(({ input }: { input: { name: string } }) => checkRoomName(input.name));

export const liveRoomDialogMachines = {
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
};

export type RoomDialogMachines = typeof liveRoomDialogMachines;
