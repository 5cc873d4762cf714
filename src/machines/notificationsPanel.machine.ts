/**
 * The notifications panel (spec §2 Layout, §4 Membership, §8): the session polls the list; the panel
 * acts on it by the notification's `kind`. Opening one marks it read (it leaves the panel) and goes to
 * what it is about: a vote notice (`postVote`, `commentVote`) or a reply (`reply`) to its post; a room invitation
 * (`roomInvitation`) to the room; a report outcome, a removal or a mask (`reportOutcome`, `removal`,
 * `masked`) to the item's page when it has one (a post or a poll), else it is only marked read.
 * 'Mark all as Read' clears the panel. A join request (`joinRequest`) is accepted from here
 * (`rooms/acceptJoiningRequest`, which also marks it read); an invitation has no Accept. Marking
 * failures are only logged; an accept failure shows the server's message. `read` / `readAll` tell the
 * session's list.
 *
 * Tags: `busy` while a call is on its way (the panel's buttons wait).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Notification } from '../domain/entities.ts';
import { ROOMS } from '../domain/messages.ts';
import { roomPath } from '../domain/roomRoutes.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { sayOutput, sayServer } from './notices.ts';

export interface JoinRequest {
  id: string;
  /** The room's title (the notice's body). */
  title: string;
  /** The requester's user id. */
  fromUser: string;
}

export type NotificationsPanelEvent =
  | { type: 'notification.open'; notification: Notification }
  | { type: 'request.accept'; notification: Notification }
  | { type: 'notifications.markAll' }
  | { type: 'notifications.refresh' };

/** A notice asking the owner to let someone into a room. */
export const isJoinRequest = (n: Notification) => n.kind === 'joinRequest' && n.fromUser !== null;

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
  if (n.kind === 'roomInvitation') {
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
}

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
    setOpened: assign((_, params: { id: string }) => ({ openedId: params.id })),
  },
  guards: {
    leadsSomewhere: (_, params: { notification: Notification }) =>
      notificationTarget(params.notification) !== null,
    isJoinRequest: (_, params: { notification: Notification }) => isJoinRequest(params.notification),
  },
}).createMachine({
  id: 'notificationsPanel',
  context: { openedId: null },
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
        'request.accept': {
          guard: { type: 'isJoinRequest', params: ({ event }) => ({ notification: event.notification }) },
          target: 'accepting',
        },
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
        input: ({ event }) => {
          if (event.type !== 'request.accept') throw new Error('accepting starts from request.accept');
          const { id, body, fromUser } = event.notification;
          return { id, title: body, fromUser: fromUser ?? '' };
        },
        onDone: {
          target: 'idle',
          actions: [sayOutput(), 'refresh'],
        },
        onError: { target: 'idle', actions: sayServer(ROOMS.acceptFailed) },
      },
    },
  },
});
