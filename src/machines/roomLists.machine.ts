/**
 * The rooms of the side navigation (spec §2 Layout): the signed-in user's rooms (owned and joined,
 * newest first) and the public rooms they have not joined, loaded together. Visitors see no room lists,
 * so nothing is loaded for them (`visitor`). A failure is only logged (spec §8): the lists then read
 * 'Room not available!'. `rooms.refresh` reloads (a room was created, joined, left, renamed or
 * deleted); `viewer.change` follows whoever signed in or out (null: a visitor), told by the invoked
 * `followViewer`.
 *
 * Tags: `busy` while the lists load.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Room } from '../domain/entities.ts';
import { followsNobody, noEffect, notProvided } from './effects.ts';

export interface RoomLists {
  mine: Room[];
  publicNotJoined: Room[];
}

export interface RoomListsContext extends RoomLists {
  /** The signed-in user's id, null for a visitor. */
  viewerId: string | null;
}

export type RoomListsEvent = { type: 'rooms.refresh' } | { type: 'viewer.change'; viewerId: string | null };

export interface RoomListsInput {
  viewerId?: string | null;
}

const emptyLists: RoomLists = { mine: [], publicNotJoined: [] };

export const roomListsMachine = setup({
  types: {
    context: {} as RoomListsContext,
    events: {} as RoomListsEvent,
    input: {} as RoomListsInput,
    tags: {} as 'busy',
  },
  actors: {
    followViewer: followsNobody(),
    loadRooms: fromPromise<RoomLists, { viewerId: string }>(async () =>
      notProvided('roomLists', 'loadRooms'),
    ),
  },
  actions: {
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    setLists: assign((_, params: RoomLists) => ({
      mine: params.mine,
      publicNotJoined: params.publicNotJoined,
    })),
    clearLists: assign(emptyLists),
    setViewer: assign((_, params: { viewerId: string | null }) => ({ viewerId: params.viewerId })),
  },
  guards: {
    signedIn: ({ context }) => context.viewerId !== null,
    isOtherViewer: ({ context }, params: { viewerId: string | null }) => params.viewerId !== context.viewerId,
  },
}).createMachine({
  id: 'roomLists',
  context: ({ input }) => ({ ...emptyLists, viewerId: input.viewerId ?? null }),
  initial: 'deciding',
  invoke: { id: 'followViewer', src: 'followViewer' },
  on: {
    'rooms.refresh': { target: '.deciding' },
    // The same viewer again (the lists restored from the server's page hear the session at once) keeps them.
    'viewer.change': {
      guard: { type: 'isOtherViewer', params: ({ event }) => ({ viewerId: event.viewerId }) },
      target: '.deciding',
      actions: [
        { type: 'setViewer', params: ({ event }) => ({ viewerId: event.viewerId }) },
        // the previous viewer's rooms are not shown to the next one, even for a moment
        'clearLists',
      ],
    },
  },
  states: {
    deciding: {
      always: [{ guard: 'signedIn', target: 'loading' }, { target: 'visitor' }],
    },
    visitor: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRooms',
        src: 'loadRooms',
        input: ({ context }) => {
          if (context.viewerId === null) throw new Error('room lists load only for a signed-in user');
          return { viewerId: context.viewerId };
        },
        onDone: {
          target: 'ready',
          actions: { type: 'setLists', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: [
            'clearLists',
            {
              type: 'log',
              params: ({ event }) => ({ message: 'side navigation: rooms not loaded', error: event.error }),
            },
          ],
        },
      },
    },
    ready: {},
    failed: {},
  },
});
