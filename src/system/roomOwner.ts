/**
 * A room owner's moderation on the system's API and platform (docs/moderation.md "Room owners"):
 * removing an item or a member (`removeFromRoom`), the owner's member list and the members' room log
 * (`roomRecords`, 10 a page).
 */
import { fromPromise } from 'xstate';
import type { RoomRemoval } from '../domain/roomValidation.ts';
import { removeFromRoomMachine } from '../machines/removeFromRoom.machine.ts';
import { type RoomRecord, roomRecordsMachine } from '../machines/roomRecords.machine.ts';
import { effectsOf } from './effects.ts';
import type { QuadSystem } from './quadSystem.ts';

type RecordPage = { offset: number; limit: number };

export function roomOwnerMachines({ api, platform }: QuadSystem) {
  const { notify, navigate } = effectsOf(platform);
  const records = (load: (page: RecordPage) => Promise<RoomRecord[]>) =>
    roomRecordsMachine.provide({
      actors: { fetchPage: fromPromise(({ input }: { input: RecordPage }) => load(input)) },
    });
  return {
    removeFromRoom: removeFromRoomMachine.provide({
      actors: {
        removeFromRoom: fromPromise(({ input }: { input: RoomRemoval }) => api.removeFromRoom(input)),
      },
      actions: { notify, navigate },
    }),
    roomMembers: (title: string) => records((page) => api.fetchRoomMembers({ title, ...page })),
    roomLog: (title: string) => records((page) => api.fetchRoomLog({ title, ...page })),
  };
}

export type RoomOwnerMachines = ReturnType<typeof roomOwnerMachines>;
