/**
 * Renaming a room (spec §5 Room name: 'Rename uses the same rules'; §7 `rooms/update`): the owner's
 * 'Title' menu item. The name field is the one of roomName.ts, starting `unchanged` with the room's
 * current title. `form.submit` is allowed only once a new name is valid and available; it shows a
 * loading toast that the outcome replaces ('Room renamed', or the server's message). A name taken
 * meanwhile (409) is shown as not available; any other failure leaves the form as it was. Success
 * refreshes the side navigation's lists (`roomsChanged`), sends the room page (`page`) 'room.renamed'
 * {room}, goes to the room's new address in place of the old one, and ends the chart (`renamed`);
 * `dialog.close` ends it (`closed`) but while the rename is being sent.
 */
import { type AnyActorRef, assign, enqueueActions, fromPromise, setup, stateIn } from 'xstate';
import type { Room } from '../domain/entities.ts';
import { ROOM_FORMS, ROOMS } from '../domain/messages.ts';
import { roomPath } from '../domain/roomRoutes.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { failedWith } from './failure.ts';
import {
  nameSendFailure,
  type RoomNameCheck,
  type RoomNameTag,
  renamedRoomNameStates,
  roomNameSetup,
  roomNameToSend,
} from './roomName.ts';

export interface RenameRoomInput {
  room: Room;
  /** The room page's actor, sent the renamed room; null when none. */
  page?: AnyActorRef | null;
}

export interface RenameRoomContext {
  /** The room as it is (after success: as renamed). */
  room: Room;
  page: AnyActorRef | null;
  /** The name as typed (at most 25 characters). */
  name: string;
  nameCheck: RoomNameCheck | null;
}

export interface RenameRequest {
  title: string;
  newTitle: string;
}

/** What the room page is sent once the room is renamed. */
export type RoomRenamedEvent = { type: 'room.renamed'; room: Room };

export type RenameRoomEvent =
  | { type: 'name.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'dialog.close' };

/** The loading toast's id: its outcome replaces it. */
export const RENAMING_ROOM_NOTICE_ID = 'renameRoom.renaming';

export const renameRoomMachine = setup({
  types: {
    context: {} as RenameRoomContext,
    events: {} as RenameRoomEvent,
    input: {} as RenameRoomInput,
    tags: {} as 'busy' | RoomNameTag,
  },
  actors: {
    ...roomNameSetup.actors,
    renameRoom: fromPromise<Room, RenameRequest>(async () => notProvided('renameRoom', 'renameRoom')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    /** The name check's failure is only logged. */
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    /** The rooms of the side navigation changed: the app reloads its lists (`_params` typed for `tellPage`'s inference). */
    roomsChanged: (_, _params: undefined) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    /** The room page shows the renamed room. */
    tellPage: enqueueActions(({ context, enqueue }) => {
      const renamed: RoomRenamedEvent = { type: 'room.renamed', room: context.room };
      if (context.page) enqueue.sendTo(context.page, renamed);
    }),
    setName: assign((_, params: { value: string }) => ({ name: params.value })),
    setNameCheck: assign((_, params: RoomNameCheck | null) => ({ nameCheck: params })),
    setRoom: assign((_, params: { room: Room }) => ({ room: params.room })),
  },
  guards: {
    ...roomNameSetup.guards,
    failedWith,
    nameIsUnchanged: ({ context }: { context: RenameRoomContext }, params: { value: string }) =>
      params.value === context.room.title,
    nameAvailable: stateIn('#renameRoom.editing.name.available'),
  },
  delays: roomNameSetup.delays,
}).createMachine({
  id: 'renameRoom',
  context: ({ input }) => ({
    room: input.room,
    page: input.page ?? null,
    name: input.room.title,
    nameCheck: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'name',
      on: {
        'form.submit': { guard: 'nameAvailable', target: 'renaming' },
        'dialog.close': { target: 'closed' },
      },
      states: {
        name: renamedRoomNameStates(),
      },
    },
    renaming: {
      tags: ['busy'],
      entry: {
        type: 'notify',
        params: { kind: 'loading', text: ROOM_FORMS.renaming, id: RENAMING_ROOM_NOTICE_ID },
      },
      invoke: {
        id: 'renameRoom',
        src: 'renameRoom',
        input: ({ context }) => ({ title: context.room.title, newTitle: roomNameToSend(context.name) }),
        onDone: {
          target: 'renamed',
          actions: [
            { type: 'setRoom', params: ({ event }) => ({ room: event.output }) },
            { type: 'notify', params: { kind: 'success', text: ROOMS.renamed, id: RENAMING_ROOM_NOTICE_ID } },
            'roomsChanged',
            'tellPage',
            { type: 'navigate', params: ({ event }) => ({ to: roomPath(event.output), replace: true }) },
          ],
        },
        // 403 not the owner, 404 the room is gone, 400, network: told, the form stays as it was
        onError: nameSendFailure(
          '#renameRoom.editing.name',
          RENAMING_ROOM_NOTICE_ID,
          '#renameRoom.editing.name.available',
        ),
      },
    },
    renamed: { type: 'final' },
    closed: { type: 'final' },
  },
});
