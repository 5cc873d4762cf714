/**
 * Creating a room (spec §2 Create Room flow, §4 Room name availability, §8 Room create): two steps.
 *
 * `details`: the name (roomName.ts: cut at 25, rules, the server check 500 ms after typing stops), an
 * optional description, and an optional icon image, compressed before it can be sent (tag `busy` while
 * it is prepared; a failed compression is only logged). 'Save & Next' (`details.next`) is allowed only
 * while the name is valid and available and no image is being prepared: views ask `can`.
 * `privacy`: 'Open For All' (public) or 'Only You can add people' (private); `privacy.back` returns to
 * the details with every value kept. `form.submit` creates the room: a loading toast that the outcome
 * replaces ('Room Created Successufully', or the server's message). A name taken meanwhile (409) sends
 * the user back to the name. Success refreshes the side navigation's lists (`roomsChanged`), goes to
 * /room/{CreatorId}/{title} and ends the chart (`created`); `dialog.close` ends it (`closed`) at any
 * time but while the room is being created.
 */
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import type { Room } from '../domain/entities.ts';
import { POSTS, ROOM_FORMS, ROOMS } from '../domain/messages.ts';
import { ROOM_DESC_MAX } from '../domain/roomValidation.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { failedWith } from './failure.ts';
import {
  type NewRoomNameTag,
  nameSendFailure,
  type RoomNameCheck,
  roomNameSetup,
  roomNameStates,
  roomNameToSend,
} from './roomName.ts';

export interface CreateRoomContext {
  /** The name as typed (at most 25 characters). */
  name: string;
  /** The server's answer about the name, null until it answered for the current name. */
  nameCheck: RoomNameCheck | null;
  desc: string;
  /** The icon to send, already prepared (compressed when it was larger than the target). */
  image: File | null;
  /** Why the last chosen file was refused. */
  imageError: string | null;
  privateRoom: boolean;
}

export interface NewRoomInput {
  title: string;
  desc: string;
  privateRoom: boolean;
  image: File | null;
}

export interface RoomCreated {
  msg: string;
  newRoom: Room;
}

export type CreateRoomEvent =
  | { type: 'name.change'; value: string }
  | { type: 'desc.change'; value: string }
  | { type: 'icon.choose'; file: File }
  | { type: 'icon.remove' }
  | { type: 'details.next' }
  | { type: 'privacy.choose'; privateRoom: boolean }
  | { type: 'privacy.back' }
  | { type: 'form.submit' }
  | { type: 'dialog.close' };

/** The loading toast's id: its outcome replaces it. */
export const CREATING_ROOM_NOTICE_ID = 'createRoom.creating';

/** The room page of a room, each part encoded. */
export const roomPagePath = (room: { CreatorId: string; title: string }) =>
  `/room/${encodeURIComponent(room.CreatorId)}/${encodeURIComponent(room.title)}`;

const emptyForm: CreateRoomContext = {
  name: '',
  nameCheck: null,
  desc: '',
  image: null,
  imageError: null,
  privateRoom: false,
};

export const createRoomMachine = setup({
  types: {
    context: {} as CreateRoomContext,
    events: {} as CreateRoomEvent,
    tags: {} as 'busy' | NewRoomNameTag,
  },
  actors: {
    ...roomNameSetup.actors,
    compressImage: fromPromise<File, { file: File }>(async () => notProvided('createRoom', 'compressImage')),
    createRoom: fromPromise<RoomCreated, NewRoomInput>(async () => notProvided('createRoom', 'createRoom')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    /** Failures the user is not told about (image compression, the name check) are only logged. */
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    /** The rooms of the side navigation changed: the app reloads its lists. */
    roomsChanged: () => noEffect(),
    setName: assign((_, params: { value: string }) => ({ name: params.value })),
    setNameCheck: assign((_, params: RoomNameCheck | null) => ({ nameCheck: params })),
    setDesc: assign((_, params: { value: string }) => ({ desc: params.value.slice(0, ROOM_DESC_MAX) })),
    setImage: assign((_, params: { image: File | null }) => ({ image: params.image, imageError: null })),
    refuseImage: assign({ imageError: POSTS.imageOnly }),
    setPrivacy: assign((_, params: { privateRoom: boolean }) => ({ privateRoom: params.privateRoom })),
  },
  guards: {
    ...roomNameSetup.guards,
    failedWith,
    isImage: (_, params: { file: File }) => params.file.type.startsWith('image/'),
    /** 'Save & Next': the name is valid and free, and no image is being prepared. */
    detailsComplete: and([
      stateIn('#createRoom.details.name.available'),
      not(stateIn('#createRoom.details.icon.compressing')),
    ]),
  },
  delays: roomNameSetup.delays,
}).createMachine({
  id: 'createRoom',
  context: emptyForm,
  initial: 'details',
  states: {
    details: {
      type: 'parallel',
      on: {
        'desc.change': { actions: { type: 'setDesc', params: ({ event }) => ({ value: event.value }) } },
        'details.next': { guard: 'detailsComplete', target: 'privacy' },
        'dialog.close': { target: 'closed' },
      },
      states: {
        name: roomNameStates(),
        icon: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'icon.choose': [
                  {
                    guard: { type: 'isImage', params: ({ event }) => ({ file: event.file }) },
                    target: 'compressing',
                  },
                  { actions: 'refuseImage' },
                ],
                'icon.remove': { actions: { type: 'setImage', params: { image: null } } },
              },
            },
            /** The other fields stay editable; choosing another image and going on wait. */
            compressing: {
              tags: ['busy'],
              invoke: {
                id: 'compressImage',
                src: 'compressImage',
                input: ({ event }) => {
                  if (event.type !== 'icon.choose') throw new Error('compressing starts from icon.choose');
                  return { file: event.file };
                },
                onDone: {
                  target: 'idle',
                  actions: { type: 'setImage', params: ({ event }) => ({ image: event.output }) },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'log',
                    params: ({ event }) => ({ message: 'room icon compression failed', error: event.error }),
                  },
                },
              },
            },
          },
        },
      },
    },
    privacy: {
      on: {
        'privacy.choose': {
          actions: { type: 'setPrivacy', params: ({ event }) => ({ privateRoom: event.privateRoom }) },
        },
        // the name was available when the user went on: it is shown so again
        'privacy.back': { target: '#createRoom.details.name.available' },
        'form.submit': { target: 'creating' },
        'dialog.close': { target: 'closed' },
      },
    },
    creating: {
      tags: ['busy'],
      entry: {
        type: 'notify',
        params: { kind: 'loading', text: ROOM_FORMS.creating, id: CREATING_ROOM_NOTICE_ID },
      },
      invoke: {
        id: 'createRoom',
        src: 'createRoom',
        input: ({ context }) => ({
          title: roomNameToSend(context.name),
          desc: context.desc.trim(),
          privateRoom: context.privateRoom,
          image: context.image,
        }),
        onDone: {
          target: 'created',
          actions: [
            { type: 'notify', params: { kind: 'success', text: ROOMS.created, id: CREATING_ROOM_NOTICE_ID } },
            'roomsChanged',
            { type: 'navigate', params: ({ event }) => ({ to: roomPagePath(event.output.newRoom) }) },
          ],
        },
        onError: nameSendFailure('#createRoom.details.name', CREATING_ROOM_NOTICE_ID, 'privacy'),
      },
    },
    created: { type: 'final' },
    closed: { type: 'final' },
  },
});
