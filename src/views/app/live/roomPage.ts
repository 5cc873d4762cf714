/**
 * The room page's machines joined to the real API, image compression, toasts, router and the side
 * navigation's room lists: the room load, membership, add member, the owner's image changes and the
 * room's post and poll lists. Views get them through `RoomPageMachinesProvider`
 * (pages/room/roomPageMachines.tsx), so that tests can hand the same real charts fake services.
 */
import { fromPromise } from 'xstate';
import { addMemberMachine } from '../../../machines/addMember.machine.ts';
import { imageChangeMachine } from '../../../machines/imageChange.machine.ts';
import { roomMembershipMachine } from '../../../machines/roomMembership.machine.ts';
import { roomPageMachine } from '../../../machines/roomPage.machine.ts';
import {
  deleteRoom,
  fetchRoom,
  fetchRoomPolls,
  fetchRoomPosts,
  joinRoom,
  leaveRoom,
  requestToJoin,
  updateRoomImage,
} from '../../../services/api/rooms.ts';
import { search } from '../../../services/api/search.ts';
import { prepareImage } from '../../../services/images.ts';
import { effectActions } from '../effects.ts';
import { listOf } from './posts.ts';
import { refreshRoomLists } from './rooms.ts';

const { notify, navigate, log } = effectActions;
const roomsChanged = () => refreshRoomLists();

export type RoomImageKind = 'background' | 'icon';

export const liveRoomPageMachines = {
  roomPage: roomPageMachine.provide({
    actors: { loadRoom: fromPromise(({ input }: { input: { title: string } }) => fetchRoom(input.title)) },
  }),
  membership: roomMembershipMachine.provide({
    actors: {
      joinRoom: fromPromise(({ input }: { input: { title: string } }) => joinRoom(input.title)),
      requestToJoin: fromPromise(({ input }: { input: { username: string; title: string } }) =>
        requestToJoin(input.username, input.title),
      ),
      leaveRoom: fromPromise(({ input }: { input: { roomId: string } }) => leaveRoom(input.roomId)),
      deleteRoom: fromPromise(({ input }: { input: { title: string } }) => deleteRoom(input.title)),
    },
    actions: { notify, navigate, roomsChanged },
  }),
  addMember: addMemberMachine.provide({
    actors: {
      searchPeople: fromPromise(
        async ({ input }: { input: { key: string } }) => (await search(input.key)).users,
      ),
      requestToJoin: fromPromise(({ input }: { input: { username: string; title: string } }) =>
        requestToJoin(input.username, input.title),
      ),
    },
    actions: { notify, log },
  }),
  /** The owner changes the room's background or icon: 'Updated', or the server's msg. */
  roomImage: (title: string, kind: RoomImageKind) =>
    imageChangeMachine.provide({
      actors: {
        compressImage: fromPromise(({ input }: { input: { file: File } }) => prepareImage(input.file)),
        upload: fromPromise<unknown, { file: File }>(({ input }) => updateRoomImage(title, kind, input.file)),
      },
      actions: { notify, log },
    }),
  /** 10 a page, the offset growing by 10 (spec §9). */
  roomPostList: (title: string) =>
    listOf(async ({ offset, limit }) => [await fetchRoomPosts({ title, offset, limit })]),
  roomPollList: (roomId: string) =>
    listOf(async ({ offset, limit }) => [await fetchRoomPolls({ roomId, offset, limit })]),
};

export type RoomPageMachines = typeof liveRoomPageMachines;
