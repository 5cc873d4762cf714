/** What the room dialogs' and side navigation's view tests share: rooms, fake calls, and a render helper. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Room } from '../../../src/domain/entities.ts';
import { ROOMS } from '../../../src/domain/messages.ts';
import {
  createRoomMachine,
  type NewRoomInput,
  type RoomCreated,
} from '../../../src/machines/createRoom.machine.ts';
import type { Navigation, Notice } from '../../../src/machines/effects.ts';
import { type RenameRequest, renameRoomMachine } from '../../../src/machines/renameRoom.machine.ts';
import { type RoomLists, roomListsMachine } from '../../../src/machines/roomLists.machine.ts';
import type { RoomNameCheck } from '../../../src/machines/roomName.ts';
import { AppActorsProvider } from '../../../src/views/app/actors.tsx';
import { RoomMachinesProvider } from '../../../src/views/components/rooms/roomsContext.tsx';
import { makeRoom } from '../../support/feedFakes.ts';
import { createTestSession, testAppActors, testUser } from '../support/shell.tsx';

/** The name check as the server answers: every name is free but those listed as taken. */
export const nameCheck = (taken: string[] = []) =>
  vi.fn(
    async (name: string): Promise<RoomNameCheck> =>
      taken.includes(name)
        ? { msg: false, text: ROOMS.notAvailable(name) }
        : { msg: true, text: ROOMS.available },
  );

export function fakeRoomServices(options: { taken?: string[]; lists?: RoomLists } = {}) {
  const notices: Notice[] = [];
  const navigations: Navigation[] = [];
  const checkRoomName = nameCheck(options.taken);
  const createRoom = vi.fn(
    async (input: NewRoomInput): Promise<RoomCreated> => ({
      msg: ROOMS.created,
      newRoom: makeRoom(input.title, { privateRoom: input.privateRoom, desc: input.desc || null }),
    }),
  );
  const renameRoom = vi.fn(async (request: RenameRequest): Promise<Room> => makeRoom(request.newTitle));
  const roomsChanged = vi.fn();
  const loadRooms = vi.fn(
    async (_viewerId: string | null): Promise<RoomLists> => options.lists ?? emptyLists,
  );
  const notify = (_: unknown, notice: Notice) => void notices.push(notice);
  const check = fromPromise(({ input }: { input: { name: string } }) => checkRoomName(input.name));
  const machines = {
    createRoom: createRoomMachine.provide({
      actors: {
        checkRoomName: check,
        compressImage: fromPromise(async ({ input }: { input: { file: File } }) => input.file),
        createRoom: fromPromise(({ input }: { input: NewRoomInput }) => createRoom(input)),
      },
      actions: {
        notify,
        navigate: (_, navigation) => void navigations.push(navigation),
        roomsChanged,
      },
    }),
    renameRoom: renameRoomMachine.provide({
      actors: {
        checkRoomName: check,
        renameRoom: fromPromise(({ input }: { input: RenameRequest }) => renameRoom(input)),
      },
      actions: { notify, roomsChanged },
    }),
  };
  const roomListsLogic = roomListsMachine.provide({
    actors: {
      loadRooms: fromPromise(({ input }: { input: { viewerId: string } }) => loadRooms(input.viewerId)),
    },
  });
  return {
    machines,
    roomListsLogic,
    notices,
    navigations,
    checkRoomName,
    createRoom,
    renameRoom,
    roomsChanged,
    loadRooms,
  };
}

const emptyLists: RoomLists = { mine: [], publicNotJoined: [] };

export type RoomServices = ReturnType<typeof fakeRoomServices>;

/**
 * Renders `element` at `path` on a memory router, signed in (or not) with a real session machine, and
 * the rooms charts on the given fake services; a room page route records where creating leads.
 */
export async function renderWithRooms(
  element: ReactElement,
  options: { services?: RoomServices; signedIn?: boolean; path?: string } = {},
) {
  const services = options.services ?? fakeRoomServices();
  const session = createTestSession({ user: options.signedIn === false ? null : testUser });
  await session.settled();
  const roomLists = createActor(services.roomListsLogic, {
    input: { viewerId: session.actor.getSnapshot().context.user?.userID ?? null },
  }).start();
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/room/:creatorId/:title', element: <p>Room page</p> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppActorsProvider actors={testAppActors(session)}>
      <RoomMachinesProvider machines={services.machines} roomLists={roomLists}>
        <RouterProvider router={router} />
      </RoomMachinesProvider>
    </AppActorsProvider>,
  );
  return { ...view, services, session, roomLists, router, user };
}
