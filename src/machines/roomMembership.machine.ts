/**
 * Membership of one room (spec §4 Membership, §6, §8 Join / Leave, §2 Other confirmations):
 * - 'member.join': a public room is joined at once; the server's msg is toasted, and a refusal
 *   (anything but 200) also sends the viewer home.
 * - 'member.request': a private room's request goes to its owner (`rooms/addUserinRoom/{username}`
 *   with the viewer's own username): 'Successfully Send Request'.
 * - 'request.cancel': the waiting request is withdrawn (`rooms/cancelJoiningRequest`): the server's
 *   msg; a refusal (the owner answered meanwhile) toasts the server's msg and reloads the page.
 * - 'member.join' on an invitation (a private room's 403 screen, 'Accept invitation') joins as well.
 * - 'member.leave': 'Are you certain you want to leave this room?', then 'Processing...' until the
 *   server's msg replaces it.
 * - 'room.delete' (the owner): "Are you certain you want to delete this Room? This can't be undone.",
 *   then the server's msg and home.
 * Visitors (no username) pressing Join or Send Request are asked to sign in and nothing is sent.
 *
 * After a change the app's room lists are refreshed (`roomsChanged`) and the room page (`page`) is
 * sent 'room.joined' {room}, 'room.requested', 'room.requestCancelled' or 'room.left' ('room.reload'
 * when a withdrawal was refused).
 *
 * Tags: `busy` (a call is on its way), `confirming` (a confirmation dialog is open).
 */
import { type AnyActorRef, enqueueActions, fromPromise, setup } from 'xstate';
import type { Room } from '../domain/entities.ts';
import { AUTH, POSTS, ROOMS } from '../domain/messages.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { say, sayOutput, sayServer } from './notices.ts';

export interface MembershipRoom {
  id: string;
  title: string;
}

export interface RoomMembershipInput {
  room: MembershipRoom;
  /** The signed-in user's username; null for a visitor. */
  username: string | null;
  /** The room page's actor, told what changed; null when none. */
  page?: AnyActorRef | null;
}

export interface RoomMembershipContext {
  room: MembershipRoom;
  username: string | null;
  page: AnyActorRef | null;
}

export type RoomMembershipEvent =
  | { type: 'member.join' }
  | { type: 'member.request' }
  | { type: 'request.cancel' }
  | { type: 'member.leave' }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  | { type: 'room.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/** What the room page is sent after a change. */
export type MembershipChangedEvent =
  | { type: 'room.joined'; room: Room }
  | { type: 'room.requested' }
  | { type: 'room.requestCancelled' }
  | { type: 'room.left' }
  | { type: 'room.reload' };

/** The loading toast of leaving: its outcome replaces it. */
export const LEAVING_NOTICE_ID = 'roomMembership.leaving';

const signInFirst = say('error', POSTS.signInFirst);

export const roomMembershipMachine = setup({
  types: {
    input: {} as RoomMembershipInput,
    context: {} as RoomMembershipContext,
    events: {} as RoomMembershipEvent,
    tags: {} as 'busy' | 'confirming',
  },
  actors: {
    joinRoom: fromPromise<{ msg: string; room: Room }, { title: string }>(async () =>
      notProvided('roomMembership', 'joinRoom'),
    ),
    requestToJoin: fromPromise<{ msg: string }, { username: string; title: string }>(async () =>
      notProvided('roomMembership', 'requestToJoin'),
    ),
    cancelRequest: fromPromise<{ msg: string }, { roomId: string }>(async () =>
      notProvided('roomMembership', 'cancelRequest'),
    ),
    leaveRoom: fromPromise<{ msg: string }, { roomId: string }>(async () =>
      notProvided('roomMembership', 'leaveRoom'),
    ),
    deleteRoom: fromPromise<{ msg: string }, { title: string }>(async () =>
      notProvided('roomMembership', 'deleteRoom'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    /** The side navigation's room lists are fetched again (no params: typed so that `tellPage` infers). */
    roomsChanged: (_, _params: undefined) => noEffect(),
    /** The room page hears what changed. */
    tellPage: enqueueActions(({ context, enqueue }, params: MembershipChangedEvent) => {
      if (context.page) enqueue.sendTo(context.page, params);
    }),
  },
  guards: {
    isVisitor: ({ context }) => context.username === null,
  },
}).createMachine({
  id: 'roomMembership',
  context: ({ input }) => ({
    room: { id: input.room.id, title: input.room.title },
    username: input.username,
    page: input.page ?? null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'member.join': [{ guard: 'isVisitor', actions: signInFirst }, { target: 'joining' }],
        'member.request': [{ guard: 'isVisitor', actions: signInFirst }, { target: 'requesting' }],
        'request.cancel': [{ guard: 'isVisitor', actions: signInFirst }, { target: 'cancellingRequest' }],
        'member.leave': { target: 'confirmingLeave' },
        'room.delete': { target: 'confirmingDelete' },
      },
    },
    joining: {
      tags: ['busy'],
      invoke: {
        id: 'joinRoom',
        src: 'joinRoom',
        input: ({ context }) => ({ title: context.room.title }),
        onDone: {
          target: 'idle',
          actions: [
            sayOutput(),
            'roomsChanged',
            {
              type: 'tellPage',
              params: ({ event }) => ({ type: 'room.joined', room: event.output.room }),
            },
          ],
        },
        onError: {
          target: 'idle',
          actions: [sayServer(AUTH.serverError), { type: 'navigate', params: { to: '/' } }],
        },
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'requestToJoin',
        src: 'requestToJoin',
        input: ({ context }) => ({ username: context.username ?? '', title: context.room.title }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: { kind: 'success', text: ROOMS.requestSent } },
            { type: 'tellPage', params: { type: 'room.requested' } },
          ],
        },
        onError: { target: 'idle', actions: sayServer(AUTH.serverError) },
      },
    },
    cancellingRequest: {
      tags: ['busy'],
      invoke: {
        id: 'cancelRequest',
        src: 'cancelRequest',
        input: ({ context }) => ({ roomId: context.room.id }),
        onDone: {
          target: 'idle',
          actions: [sayOutput(), { type: 'tellPage', params: { type: 'room.requestCancelled' } }],
        },
        onError: {
          target: 'idle',
          actions: [sayServer(ROOMS.cancelFailed), { type: 'tellPage', params: { type: 'room.reload' } }],
        },
      },
    },
    confirmingLeave: {
      tags: ['confirming'],
      on: {
        'leave.cancel': { target: 'idle' },
        'leave.confirm': { target: 'leaving' },
      },
    },
    leaving: {
      tags: ['confirming', 'busy'],
      entry: { type: 'notify', params: { kind: 'loading', text: ROOMS.processing, id: LEAVING_NOTICE_ID } },
      invoke: {
        id: 'leaveRoom',
        src: 'leaveRoom',
        input: ({ context }) => ({ roomId: context.room.id }),
        onDone: {
          target: 'idle',
          actions: [
            sayOutput(LEAVING_NOTICE_ID),
            'roomsChanged',
            { type: 'tellPage', params: { type: 'room.left' } },
          ],
        },
        onError: { target: 'idle', actions: sayServer(AUTH.serverError, LEAVING_NOTICE_ID) },
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: {
        'delete.cancel': { target: 'idle' },
        'delete.confirm': { target: 'deleting' },
      },
    },
    deleting: {
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'deleteRoom',
        src: 'deleteRoom',
        input: ({ context }) => ({ title: context.room.title }),
        onDone: {
          target: 'deleted',
          actions: [sayOutput(), 'roomsChanged', { type: 'navigate', params: { to: '/', replace: true } }],
        },
        onError: { target: 'idle', actions: sayServer(AUTH.serverError) },
      },
    },
    deleted: { type: 'final' },
  },
});
