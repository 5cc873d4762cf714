/**
 * The session (spec §4 Session, Logout; §8 notification 401, session restore): who is signed in, their
 * notifications polled every 30 s, and the rule that signed-in visitors do not see the guest-only pages.
 *
 * While the live stream is open (events.machine.ts says `live.opened`) the poll stops: the list is
 * fetched once to catch up, then new notifications arrive one by one (`notification.arrived`: put
 * first unless already listed, and announced in `announcement` for the polite live region; a join
 * request replaces the copies of an earlier request of the same person to the same room, whose notice
 * the server dropped when that request was declined or withdrawn). When the stream is lost
 * (`live.lost`) the list is fetched once and the poll resumes.
 *
 * A removal notice says how the reader's appeal of it stands (`appeal`, docs/moderation.md "Appeals"):
 * once the reader appeals from it (`notification.appealed`) it says `pending`, as the server will; an
 * appeal's answer arriving live fetches the list once more, so its removal notice shows the answer.
 *
 * Tags are the contract with the views: `settling` while the silent restore runs (guest-only pages wait
 * for it), `busy` while a call decides who is signed in, `signedIn` while a user is present.
 */
import { assertEvent, assign, type EventObject, fromPromise, raise, setup } from 'xstate';
import { type AppealKind, appealTargetOf } from '../domain/appeals.ts';
import { DELAYS } from '../domain/constants.ts';
import type { Notification, UserInfo } from '../domain/entities.ts';
import { liveNotificationText } from '../domain/live.ts';
import { AUTH } from '../domain/messages.ts';
import { type Navigation, type Notice, noEffect, notProvided } from './effects.ts';
import { failed, failedWith } from './failure.ts';
import { fetchingNotifications } from './sessionNotifications.ts';

/** What the polite live region says: the text, and the notification it is about (each is said anew). */
export interface Announcement {
  id: string;
  text: string;
}

export interface SessionContext {
  user: UserInfo | null;
  notifications: Notification[];
  /** The last notification that arrived live, as a screen reader hears it. */
  announcement: Announcement | null;
}

export type SessionEvent =
  /** An auth flow signed the user in (sign-in, sign-up, reset): load the user by this e-mail. */
  | { type: 'session.login'; email: string }
  | { type: 'session.logout' }
  /** A guest-only page (/signin, /signup, /resetpassword) was opened once the session settled. */
  | { type: 'guest.visit' }
  /** Fetch the notifications now rather than at the next poll. */
  | { type: 'notifications.refresh' }
  /** The server marked this notification read (the panel asked it to). */
  | { type: 'notification.read'; id: string }
  /** The server marked every notification read. */
  | { type: 'notifications.readAll' }
  /** The server changed some of the user's own details (settings, pictures, linked handles). */
  | { type: 'user.patch'; patch: Partial<Omit<UserInfo, 'userID' | 'email'>> }
  /** The account is gone (deleted): forget the session without calling the server. */
  | { type: 'session.end' }
  /** The live stream opened: notifications arrive as they are made, so the poll stops. */
  | { type: 'live.opened' }
  /** The live stream was lost: fetch once and poll again. */
  | { type: 'live.lost' }
  /** A notification arrived on the live stream. */
  | { type: 'notification.arrived'; notification: Notification }
  /** The reader appealed the removal of this item (appeal.machine.ts): its notice says so. */
  | { type: 'notification.appealed'; kind: AppealKind; id: string };

/** The logout toast: the loading notice is replaced by its outcome. */
export const LOGOUT_NOTICE_ID = 'session.logout';

/** The e-mail handed back by `auth/refreshsignin`, read from the done event that entered `restoring.loadingUser`. */
function restoredEmail(event: EventObject): string {
  const output: unknown = 'output' in event ? event.output : undefined;
  if (
    typeof output === 'object' &&
    output !== null &&
    'email' in output &&
    typeof output.email === 'string'
  ) {
    return output.email;
  }
  throw new Error(`session machine: no restored e-mail in ${event.type}`);
}

/** Two notices of a request by the same person to join the same room (the later one replaces the earlier). */
const sameJoinRequest = (a: Notification, b: Notification) =>
  a.kind === 'joinRequest' && b.kind === 'joinRequest' && a.roomId === b.roomId && a.fromUser === b.fromUser;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'busy' | 'settling' | 'signedIn',
  },
  actors: {
    restoreSession: fromPromise<{ email: string }>(async () => notProvided('session', 'restoreSession')),
    loadUser: fromPromise<UserInfo, { email: string }>(async () => notProvided('session', 'loadUser')),
    fetchNotifications: fromPromise<Notification[]>(async () => notProvided('session', 'fetchNotifications')),
    logOut: fromPromise<unknown>(async () => notProvided('session', 'logOut')),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    dismissNotice: (_, _params: { id: string }) => noEffect(),
    navigate: (_, _params: Navigation) => noEffect(),
    /** Failures the user is not told about (spec §8) are only logged. */
    log: (_, _params: { message: string; error: unknown }) => noEffect(),
    setUser: assign((_, params: { user: UserInfo }) => ({ user: params.user })),
    setNotifications: assign((_, params: { notifications: Notification[] }) => ({
      notifications: params.notifications,
    })),
    clearSession: assign({ user: null, notifications: [], announcement: null }),
    addNotification: assign(({ context }, params: { notification: Notification }) => ({
      notifications: [
        params.notification,
        ...context.notifications.filter((n) => !sameJoinRequest(n, params.notification)),
      ],
      announcement: { id: params.notification.id, text: liveNotificationText(params.notification) },
    })),
    markRead: assign(({ context }, params: { id: string }) => ({
      notifications: context.notifications.map((n) => (n.id === params.id ? { ...n, isRead: true } : n)),
    })),
    patchUser: assign(({ context }, params: { patch: Partial<UserInfo> }) => ({
      user: context.user ? { ...context.user, ...params.patch } : null,
    })),
    markAllRead: assign(({ context }) => ({
      notifications: context.notifications.map((n) => ({ ...n, isRead: true })),
    })),
    markAppealed: assign(({ context }, params: { kind: AppealKind; id: string }) => ({
      notifications: context.notifications.map((n) => {
        const target = appealTargetOf(n);
        return target?.kind === params.kind && target.id === params.id && n.appeal === null
          ? { ...n, appeal: 'pending' as const }
          : n;
      }),
    })),
  },
  guards: {
    failedWith,
    isNewNotification: ({ context }, params: { id: string }) =>
      !context.notifications.some((notification) => notification.id === params.id),
    /** A new notice of an appeal's answer: the removal notice it answers changed on the server too. */
    isNewAppealAnswer: ({ context }, params: { notification: Notification }) =>
      params.notification.kind === 'appealOutcome' &&
      !context.notifications.some((notification) => notification.id === params.notification.id),
  },
  delays: {
    POLL_INTERVAL: DELAYS.POLL_INTERVAL,
  },
}).createMachine({
  id: 'session',
  context: { user: null, notifications: [], announcement: null },
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['settling', 'busy'],
      initial: 'refreshing',
      states: {
        refreshing: {
          invoke: {
            id: 'restoreSession',
            src: 'restoreSession',
            onDone: { target: 'loadingUser' },
            onError: [
              {
                guard: failed(401),
                target: '#session.signedOut',
                actions: {
                  type: 'log',
                  params: ({ event }) => ({ message: 'session restore: invalid token', error: event.error }),
                },
              },
              {
                target: '#session.signedOut',
                actions: {
                  type: 'log',
                  params: ({ event }) => ({ message: 'session restore: server issue', error: event.error }),
                },
              },
            ],
          },
        },
        loadingUser: {
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: ({ event }) => ({ email: restoredEmail(event) }),
            onDone: {
              target: '#session.signedIn',
              actions: [
                { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'notify', params: { kind: 'success', text: AUTH.sessionRestored } },
              ],
            },
            onError: {
              target: '#session.signedOut',
              actions: {
                type: 'log',
                params: ({ event }) => ({ message: 'session restore: user not loaded', error: event.error }),
              },
            },
          },
        },
      },
    },

    signedOut: {
      on: {
        'session.login': { target: 'loadingUser' },
      },
    },

    loadingUser: {
      tags: ['busy'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return { email: event.email };
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'signedOut',
          actions: [
            'clearSession',
            {
              type: 'log',
              params: ({ event }) => ({ message: 'login: user not loaded', error: event.error }),
            },
          ],
        },
      },
    },

    signedIn: {
      tags: ['signedIn'],
      initial: 'polling',
      on: {
        'session.logout': { target: 'loggingOut' },
        'notification.read': {
          actions: { type: 'markRead', params: ({ event }) => ({ id: event.id }) },
        },
        'notifications.readAll': { actions: 'markAllRead' },
        'notification.arrived': [
          {
            guard: {
              type: 'isNewAppealAnswer',
              params: ({ event }) => ({ notification: event.notification }),
            },
            actions: [
              { type: 'addNotification', params: ({ event }) => ({ notification: event.notification }) },
              raise({ type: 'notifications.refresh' }),
            ],
          },
          {
            guard: { type: 'isNewNotification', params: ({ event }) => ({ id: event.notification.id }) },
            actions: {
              type: 'addNotification',
              params: ({ event }) => ({ notification: event.notification }),
            },
          },
        ],
        'notification.appealed': {
          actions: { type: 'markAppealed', params: ({ event }) => ({ kind: event.kind, id: event.id }) },
        },
        'user.patch': { actions: { type: 'patchUser', params: ({ event }) => ({ patch: event.patch }) } },
        'session.end': { target: 'signedOut', actions: 'clearSession' },
        'guest.visit': {
          actions: [
            { type: 'notify', params: { kind: 'blank', text: AUTH.alreadyLoggedIn } },
            { type: 'navigate', params: { to: '/', replace: true } },
          ],
        },
      },
      states: {
        polling: {
          initial: 'fetchingNotifications',
          on: {
            'live.opened': { target: 'live' },
            // A stream lost before it ever opened: fetch once and poll again, as from `live`. (A
            // session restored from the server's snapshot waits without its poll timer until then.)
            'live.lost': { target: 'polling', reenter: true },
          },
          states: {
            fetchingNotifications: fetchingNotifications('waiting'),
            waiting: {
              after: { POLL_INTERVAL: { target: 'fetchingNotifications' } },
              on: { 'notifications.refresh': { target: 'fetchingNotifications' } },
            },
          },
        },
        live: {
          // Catches up with what came before the stream opened, then listens.
          initial: 'fetchingNotifications',
          on: { 'live.lost': { target: 'polling' } },
          states: {
            fetchingNotifications: fetchingNotifications('listening'),
            listening: {
              on: { 'notifications.refresh': { target: 'fetchingNotifications' } },
            },
          },
        },
      },
    },

    loggingOut: {
      tags: ['signedIn', 'busy'],
      entry: {
        type: 'notify',
        params: { kind: 'loading', text: AUTH.loggingOut, id: LOGOUT_NOTICE_ID },
      },
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: {
          target: 'signedOut',
          actions: [
            'clearSession',
            { type: 'notify', params: { kind: 'success', text: AUTH.loggedOut, id: LOGOUT_NOTICE_ID } },
            { type: 'navigate', params: { to: '/signin' } },
          ],
        },
        onError: {
          target: 'signedIn',
          actions: [
            { type: 'dismissNotice', params: { id: LOGOUT_NOTICE_ID } },
            { type: 'log', params: ({ event }) => ({ message: 'logout failed', error: event.error }) },
          ],
        },
      },
    },
  },
});
