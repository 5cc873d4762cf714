/**
 * The notifications panel (spec §2 Layout, §4 Membership, §8): the session polls the list; the panel
 * acts on it by the notification's `kind`. Opening one marks it read (it leaves the panel) and goes to
 * what it is about: a vote notice (`postVote`, `commentVote`) or a reply (`reply`) to its post; a room
 * invitation (`roomInvitation`) or the owner's answer to a request (`requestAccepted`,
 * `requestDeclined`) to the room; a report outcome, a removal or a mask (`reportOutcome`, `removal`,
 * `masked`) to the item's page when it has one (a post or a poll), else it is only marked read.
 * 'Mark all as Read' clears the panel.
 *
 * Each answer is offered only to the person who can give it, and addresses the room by its id (a
 * rename since the notice does not matter): the room's owner accepts ('request.accept',
 * `rooms/acceptJoiningRequest`) or declines ('request.decline', `rooms/declineJoiningRequest`) a join
 * request (`joinRequest`, sent to the owner only); the person invited accepts an invitation
 * ('invitation.accept', `rooms/join`, then goes to the room, whose lists the side navigation reloads).
 * The server marks the notice read (or drops it), and the session's list is told at once (`read`)
 * and asked again (`refresh`). Marking failures are only logged; an answer's failure shows the
 * server's message (a request withdrawn meanwhile: 404) and refreshes the list.
 *
 * Tags: `busy` while a call is on its way (the panel's buttons wait).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Notification, Room } from '../domain/entities.ts';
import { ROOMS } from '../domain/messages.ts';
import { roomPath } from '../domain/roomRoutes.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { sayOutput, sayServer } from './notices.ts';

/** A join request or an invitation as it is answered: the notice, the room and who sent it. */
export interface JoinRequest {
  id: string;
  /** The room: its id (its title, the notice's body, for a notice without one). */
  title: string;
  /** The requester's (or the inviter's) user id. */
  fromUser: string;
}

export type NotificationsPanelEvent =
  | { type: 'notification.open'; notification: Notification }
  | { type: 'request.accept'; notification: Notification }
  | { type: 'request.decline'; notification: Notification }
  | { type: 'invitation.accept'; notification: Notification }
  | { type: 'notifications.markAll' }
  | { type: 'notifications.refresh' };

/** A notice asking the owner to let someone into a room (the owner is the only one sent it). */
export const isJoinRequest = (n: Notification) => n.kind === 'joinRequest' && n.fromUser !== null;

/** A notice inviting its reader into a room: they accept it by joining. */
export const isInvitation = (n: Notification) => n.kind === 'roomInvitation' && n.roomId !== null;

/** The request or invitation a notice carries, as the answering calls take it. */
export const joinRequestOf = (n: Notification): JoinRequest => ({
  id: n.id,
  title: n.roomId ?? n.body,
  fromUser: n.fromUser ?? '',
});

/** The kinds about a room that open it: the room's title is the body, its owner (or inviter) the sender. */
const ABOUT_ROOM = new Set<Notification['kind']>(['roomInvitation', 'requestAccepted', 'requestDeclined']);

/** The kinds about a post, a poll or a comment that open the item's page. */
const ABOUT_ITEM = new Set<Notification['kind']>([
  'postVote',
  'commentVote',
  'reply',
  'reportOutcome',
  'removal',
  'roomRemoval',
  'masked',
]);

/**
 * Where opening a notification goes, or null when it is only marked read: the post or poll it is
 * about, or the room it invites to (the room's title is its body, the inviter its sender).
 */
export function notificationTarget(n: Notification): string | null {
  if (ABOUT_ROOM.has(n.kind)) {
    return n.roomId ? roomPath({ CreatorId: n.fromUser ?? n.roomId, title: n.body }) : null;
  }
  if (!ABOUT_ITEM.has(n.kind)) return null;
  if (n.postId) return `/post/${n.postId}`;
  if (n.pollId) return `/poll/${n.pollId}`;
  return null;
}

export interface NotificationsPanelContext {
  /** The notification being marked read. */
  openedId: string | null;
  /** The request or invitation being answered. */
  answering: JoinRequest | null;
}

const answer = (guard: 'isJoinRequest' | 'isInvitation', target: string) => ({
  guard: { type: guard, params: ({ event }: { event: { notification: Notification } }) => event },
  target,
  actions: {
    type: 'setAnswering' as const,
    params: ({ event }: { event: { notification: Notification } }) => ({
      request: joinRequestOf(event.notification),
    }),
  },
});

/** The answered notice leaves the session's list now, and the list is asked for again. */
const answered = [
  {
    type: 'read' as const,
    params: ({ context }: { context: NotificationsPanelContext }) => ({ id: context.answering?.id ?? '' }),
  },
  'refresh' as const,
];

const answeringOf = (context: NotificationsPanelContext): JoinRequest => {
  if (!context.answering) throw new Error('notificationsPanel: an answer starts with its notice');
  return context.answering;
};

export const notificationsPanelMachine = setup({
  types: {
    context: {} as NotificationsPanelContext,
    events: {} as NotificationsPanelEvent,
    tags: {} as 'busy',
  },
  actors: {
    markRead: fromPromise<unknown, { id: string }>(async () => notProvided('notificationsPanel', 'markRead')),
    markAllRead: fromPromise<unknown>(async () => notProvided('notificationsPanel', 'markAllRead')),
    acceptRequest: fromPromise<{ msg: string }, JoinRequest>(async () =>
      notProvided('notificationsPanel', 'acceptRequest'),
    ),
    declineRequest: fromPromise<{ msg: string }, JoinRequest>(async () =>
      notProvided('notificationsPanel', 'declineRequest'),
    ),
    /** Joins the room the invitation is to: the room as joined. */
    acceptInvitation: fromPromise<{ msg: string; room: Room }, JoinRequest>(async () =>
      notProvided('notificationsPanel', 'acceptInvitation'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    /** The session's list: this one is read now. */
    read: (_, _params: { id: string }) => noEffect(),
    /** The session's list: all are read now. */
    readAll: () => noEffect(),
    /** Ask the session for the list now. */
    refresh: () => noEffect(),
    /** The side navigation's room lists are fetched again (an invitation was accepted). */
    roomsChanged: () => noEffect(),
    setOpened: assign((_, params: { id: string }) => ({ openedId: params.id })),
    setAnswering: assign((_, params: { request: JoinRequest }) => ({ answering: params.request })),
  },
  guards: {
    leadsSomewhere: (_, params: { notification: Notification }) =>
      notificationTarget(params.notification) !== null,
    isJoinRequest: (_, params: { notification: Notification }) => isJoinRequest(params.notification),
    isInvitation: (_, params: { notification: Notification }) => isInvitation(params.notification),
  },
}).createMachine({
  id: 'notificationsPanel',
  context: { openedId: null, answering: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'notification.open': [
          {
            guard: {
              type: 'leadsSomewhere',
              params: ({ event }) => ({ notification: event.notification }),
            },
            target: 'markingRead',
            actions: [
              { type: 'setOpened', params: ({ event }) => ({ id: event.notification.id }) },
              {
                type: 'navigate',
                params: ({ event }) => ({ to: notificationTarget(event.notification) ?? '/' }),
              },
            ],
          },
          {
            target: 'markingRead',
            actions: { type: 'setOpened', params: ({ event }) => ({ id: event.notification.id }) },
          },
        ],
        'request.accept': answer('isJoinRequest', 'accepting'),
        'request.decline': answer('isJoinRequest', 'declining'),
        'invitation.accept': answer('isInvitation', 'acceptingInvitation'),
        'notifications.markAll': { target: 'markingAll' },
        'notifications.refresh': { actions: 'refresh' },
      },
    },
    markingRead: {
      tags: ['busy'],
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ id: context.openedId ?? '' }),
        onDone: {
          target: 'idle',
          actions: { type: 'read', params: ({ context }) => ({ id: context.openedId ?? '' }) },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'log',
            params: ({ event }) => ({ message: 'notification: mark read failed', error: event.error }),
          },
        },
      },
    },
    markingAll: {
      tags: ['busy'],
      invoke: {
        id: 'markAllRead',
        src: 'markAllRead',
        onDone: { target: 'idle', actions: 'readAll' },
        onError: {
          target: 'idle',
          actions: {
            type: 'log',
            params: ({ event }) => ({ message: 'notifications: mark all read failed', error: event.error }),
          },
        },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptRequest',
        src: 'acceptRequest',
        input: ({ context }) => answeringOf(context),
        onDone: { target: 'idle', actions: [sayOutput(), ...answered] },
        onError: { target: 'idle', actions: [sayServer(ROOMS.acceptFailed), 'refresh'] },
      },
    },
    declining: {
      tags: ['busy'],
      invoke: {
        id: 'declineRequest',
        src: 'declineRequest',
        input: ({ context }) => answeringOf(context),
        onDone: { target: 'idle', actions: [sayOutput(), ...answered] },
        onError: { target: 'idle', actions: [sayServer(ROOMS.declineFailed), 'refresh'] },
      },
    },
    acceptingInvitation: {
      tags: ['busy'],
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => answeringOf(context),
        onDone: {
          target: 'idle',
          actions: [
            sayOutput(),
            ...answered,
            'roomsChanged',
            { type: 'navigate', params: ({ event }) => ({ to: roomPath(event.output.room) }) },
          ],
        },
        onError: { target: 'idle', actions: [sayServer(ROOMS.invitationFailed), 'refresh'] },
      },
    },
  },
});
