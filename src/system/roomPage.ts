/**
 * The room page's machines on the system's API and platform: the room load (it follows the viewer),
 * membership, add member, the owner's image changes and the room's post and poll lists. What changes
 * which rooms the viewer has is told to the side navigation's room lists. An open room is watched on
 * the live stream (`watchLive`).
 */
import { fromPromise } from 'xstate';
import { addMemberMachine } from '../machines/addMember.machine.ts';
import { imageChangeMachine } from '../machines/imageChange.machine.ts';
import { roomMembershipMachine } from '../machines/roomMembership.machine.ts';
import { roomPageMachine } from '../machines/roomPage.machine.ts';
import { effectsOf, roomsChanged } from './effects.ts';
import { listOf, sortedBy } from './feed.ts';
import { followMyRooms, followRequestAnswers, followViewer } from './follow.ts';
import { followReload, watchLive } from './live.ts';
import type { QuadSystem } from './quadSystem.ts';

export type RoomImageKind = 'background' | 'icon';

export function roomPageMachines(system: QuadSystem) {
  const { api, platform } = system;
  const { notify, navigate, log } = effectsOf(platform);
  const requestToJoin = fromPromise(({ input }: { input: { username: string; title: string } }) =>
    api.requestToJoin(input.username, input.title),
  );
  return {
    roomPage: roomPageMachine.provide({
      actors: {
        loadRoom: fromPromise(({ input }: { input: { title: string } }) => api.fetchRoom(input.title)),
        followViewer: followViewer((user) => ({
          type: 'viewer.change' as const,
          viewerId: user?.userID ?? null,
        })),
        watchLive,
        followLive: followReload,
        followMyRooms,
        followRequestAnswers,
      },
    }),
    membership: roomMembershipMachine.provide({
      actors: {
        joinRoom: fromPromise(({ input }: { input: { title: string } }) => api.joinRoom(input.title)),
        requestToJoin,
        cancelRequest: fromPromise(({ input }: { input: { roomId: string } }) =>
          api.cancelJoinRequest(input.roomId),
        ),
        leaveRoom: fromPromise(({ input }: { input: { roomId: string } }) => api.leaveRoom(input.roomId)),
        deleteRoom: fromPromise(({ input }: { input: { title: string } }) => api.deleteRoom(input.title)),
      },
      actions: { notify, navigate, roomsChanged },
    }),
    addMember: addMemberMachine.provide({
      actors: {
        searchPeople: fromPromise(({ input }: { input: { key: string; title: string } }) =>
          api.memberCandidates(input.title, input.key),
        ),
        requestToJoin,
      },
      actions: { notify, log },
    }),
    /** The owner changes the room's background or icon: 'Updated', or the server's msg. */
    roomImage: (title: string, kind: RoomImageKind) =>
      imageChangeMachine.provide({
        actors: {
          compressImage: fromPromise(({ input }: { input: { file: File } }) =>
            platform.prepareImage(input.file),
          ),
          upload: fromPromise<unknown, { file: File }>(({ input }) =>
            api.updateRoomImage(title, kind, input.file),
          ),
        },
        actions: { notify, log },
      }),
    /** 10 a page, the offset growing by 10 (spec §9). */
    roomPostList: (title: string) =>
      listOf(system, async ({ offset, limit, sort }) => [
        await api.fetchRoomPosts({ title, offset, limit, ...sortedBy(sort) }),
      ]),
    roomPollList: (roomId: string) =>
      listOf(system, async ({ offset, limit }) => [await api.fetchRoomPolls({ roomId, offset, limit })]),
  };
}

export type RoomPageMachines = ReturnType<typeof roomPageMachines>;
