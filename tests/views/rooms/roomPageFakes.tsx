/**
 * The room page's view tests: a fake rooms API (the room as the server shows it to the viewer, the
 * membership calls, people search, image upload, the room's lists), the room page's real charts on it,
 * and the whole app (routes, shell, right column) rendered with them.
 */
import { Outlet } from 'react-router-dom';
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Poll, Post, Room } from '../../../src/domain/entities.ts';
import { ROOMS } from '../../../src/domain/messages.ts';
import { addMemberMachine, type PersonSuggestion } from '../../../src/machines/addMember.machine.ts';
import type { Navigation, Notice } from '../../../src/machines/effects.ts';
import { imageChangeMachine } from '../../../src/machines/imageChange.machine.ts';
import {
  type PageRequest,
  type PageSources,
  pagedListMachine,
} from '../../../src/machines/pagedList.machine.ts';
import { roomMembershipMachine } from '../../../src/machines/roomMembership.machine.ts';
import { type LoadedRoom, roomPageMachine } from '../../../src/machines/roomPage.machine.ts';
import { FeedMachinesProvider } from '../../../src/views/app/feedMachines.tsx';
import type { RoomImageKind, RoomPageMachines } from '../../../src/views/app/live/roomPage.ts';
import { routes } from '../../../src/views/app/routes.tsx';
import { RoomMachinesProvider } from '../../../src/views/components/rooms/roomsContext.tsx';
import { RoomPageMachinesProvider } from '../../../src/views/pages/room/roomPageMachines.tsx';
import { makeRoom } from '../../support/feedFakes.ts';
import { fakeFeedApi, fakeFeedMachines } from '../support/feeds.tsx';
import { createTestSession, renderApp, testUser } from '../support/shell.tsx';
import { fakeRoomServices } from './roomDialogFakes.tsx';

/** What `rooms/showRoom` tells the viewer about a room: a member, an outsider, or the 403 of a private room. */
export const shown = {
  joined: (room: Room): LoadedRoom => ({ access: 'open', room, joined: true, requested: false }),
  notJoined: (room: Room): LoadedRoom => ({ access: 'open', room, joined: false, requested: false }),
  forbidden: (room: Room, requested = false): LoadedRoom => ({
    access: 'forbidden',
    room: {
      id: room.id,
      title: room.title,
      img: room.img,
      bgImg: room.bgImg,
      privateRoom: room.privateRoom,
      CreatorId: room.CreatorId,
    },
    requested,
  }),
};

type Msg = { msg: string };

export interface RoomData {
  /** The answer for the room's title, or a failure (e.g. `{ status: 404 }`). */
  room: LoadedRoom | { status: number; message: string };
  posts?: Post[][];
  polls?: Poll[][];
  people?: PersonSuggestion[];
}

export function fakeRoomPageApi(data: RoomData) {
  const pager = <T,>(pages: T[][] = []) => {
    const left = [...pages];
    return vi.fn(async (_request: PageRequest & { title?: string; roomId?: string }) => left.shift() ?? []);
  };
  const roomOf = () => ('access' in data.room ? data.room.room : null) as Room;
  return {
    loadRoom: vi.fn(async (_title: string): Promise<LoadedRoom> => {
      if (!('access' in data.room)) throw data.room;
      return data.room;
    }),
    join: vi.fn(
      async (_title: string): Promise<{ msg: string; room: Room }> => ({
        msg: ROOMS.joined,
        room: { ...roomOf(), _count: { ...roomOf()._count, members: roomOf()._count.members + 1 } },
      }),
    ),
    request: vi.fn(async (_username: string, _title: string): Promise<Msg> => ({ msg: ROOMS.requestSent })),
    leave: vi.fn(async (_roomId: string): Promise<Msg> => ({ msg: ROOMS.left })),
    remove: vi.fn(async (_title: string): Promise<Msg> => ({ msg: ROOMS.deleted })),
    search: vi.fn(async (_key: string) => data.people ?? []),
    upload: vi.fn(async (title: string, kind: RoomImageKind, _file: File) =>
      makeRoom(
        title,
        kind === 'icon' ? { img: '/uploads/rooms/new-icon.webp' } : { bgImg: '/uploads/rooms/bg.webp' },
      ),
    ),
    posts: pager(data.posts),
    polls: pager(data.polls),
    notify: vi.fn((_notice: Notice) => {}),
    navigate: vi.fn((_navigation: Navigation) => {}),
    roomsChanged: vi.fn(),
  };
}
export type FakeRoomPageApi = ReturnType<typeof fakeRoomPageApi>;

/** The room page's real charts on the fake API; `go` follows the charts' redirects. */
export function fakeRoomPageMachines(
  api: FakeRoomPageApi,
  go: (navigation: Navigation) => void,
): RoomPageMachines {
  const notify = (_: unknown, notice: Notice) => api.notify(notice);
  const navigate = (_: unknown, navigation: Navigation) => {
    api.navigate(navigation);
    go(navigation);
  };
  const list = (load: (request: PageRequest) => Promise<PageSources>) =>
    pagedListMachine.provide({
      actors: { fetchPage: fromPromise(({ input }: { input: PageRequest }) => load(input)) },
    });
  return {
    roomPage: roomPageMachine.provide({
      actors: {
        loadRoom: fromPromise(({ input }: { input: { title: string } }) => api.loadRoom(input.title)),
      },
    }),
    membership: roomMembershipMachine.provide({
      actors: {
        joinRoom: fromPromise(({ input }: { input: { title: string } }) => api.join(input.title)),
        requestToJoin: fromPromise(({ input }: { input: { username: string; title: string } }) =>
          api.request(input.username, input.title),
        ),
        leaveRoom: fromPromise(({ input }: { input: { roomId: string } }) => api.leave(input.roomId)),
        deleteRoom: fromPromise(({ input }: { input: { title: string } }) => api.remove(input.title)),
      },
      actions: { notify, navigate, roomsChanged: () => api.roomsChanged() },
    }),
    addMember: addMemberMachine.provide({
      actors: {
        searchPeople: fromPromise(({ input }: { input: { key: string } }) => api.search(input.key)),
        requestToJoin: fromPromise(({ input }: { input: { username: string; title: string } }) =>
          api.request(input.username, input.title),
        ),
      },
      actions: { notify },
    }),
    roomImage: (title: string, kind: RoomImageKind) =>
      imageChangeMachine.provide({
        actors: {
          compressImage: fromPromise(async ({ input }: { input: { file: File } }) => input.file),
          upload: fromPromise<unknown, { file: File }>(({ input }) => api.upload(title, kind, input.file)),
        },
        actions: { notify },
      }),
    roomPostList: (title: string) => list(async (request) => [await api.posts({ ...request, title })]),
    roomPollList: (roomId: string) => list(async (request) => [await api.polls({ ...request, roomId })]),
  };
}

/** The app at `path` (a room page) with the fake rooms API, signed in as `testUser` unless `signedIn` is false. */
export async function renderRoomPage(
  path: string,
  api: FakeRoomPageApi,
  options: { signedIn?: boolean; state?: unknown } = {},
) {
  let go: ((navigation: Navigation) => void) | undefined;
  const session = createTestSession({
    user: options.signedIn === false ? null : testUser,
    navigate: (navigation) => go?.(navigation),
  });
  await session.settled();
  const rooms = fakeRoomServices();
  const roomLists = createActor(rooms.roomListsLogic, { input: { viewerId: null } }).start();
  const feeds = fakeFeedApi();
  const wrapped = [
    {
      element: (
        <FeedMachinesProvider machines={fakeFeedMachines(feeds)}>
          <RoomMachinesProvider machines={rooms.machines} roomLists={roomLists}>
            <RoomPageMachinesProvider machines={fakeRoomPageMachines(api, (navigation) => go?.(navigation))}>
              <Outlet />
            </RoomPageMachinesProvider>
          </RoomMachinesProvider>
        </FeedMachinesProvider>
      ),
      children: routes,
    },
  ];
  const view = renderApp(path, { session, routes: wrapped });
  go = ({ to, replace, state }) => void view.router.navigate(to, { replace, state });
  if (options.state !== undefined) await view.router.navigate(path, { replace: true, state: options.state });
  return { ...view, rooms, feeds };
}
