/**
 * The app's long-lived actors (src/machines/app.machine.ts) on the system's API and platform: the
 * session, the notifications panel (it tells the session what became read), the search, the welcome
 * overlay, the side navigation's room lists (they follow whoever signs in or out), the live event
 * stream (it tells the session when it opens or is lost, and of each notification) and the rate-limit
 * notice.
 */
import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate';
import { appMachine } from '../machines/app.machine.ts';
import { eventsMachine } from '../machines/events.machine.ts';
import { type JoinRequest, notificationsPanelMachine } from '../machines/notificationsPanel.machine.ts';
import { roomListsMachine } from '../machines/roomLists.machine.ts';
import { type SearchResults, searchMachine } from '../machines/search.machine.ts';
import { sessionMachine } from '../machines/session.machine.ts';
import { welcomeMachine } from '../machines/welcome.machine.ts';
import type { QuadApi } from './api.ts';
import { effectsOf, roomsChanged } from './effects.ts';
import { followViewer } from './follow.ts';
import { liveStream } from './live.ts';
import type { Platform } from './platform.ts';
import { dropdownResults } from './search.ts';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type WelcomeActorRef = ActorRefFrom<typeof welcomeMachine>;
export type NotificationsPanelActorRef = ActorRefFrom<typeof notificationsPanelMachine>;
export type SearchActorRef = ActorRefFrom<typeof searchMachine>;
export type RoomListsActorRef = ActorRefFrom<typeof roomListsMachine>;
export type EventsActorRef = ActorRefFrom<typeof eventsMachine>;

/** The one toast of the request-rate limit, however many requests it refused. */
const RATE_LIMIT_TOAST_ID = 'rate-limited';

export function appLogic(api: QuadApi, platform: Platform) {
  const { notify, navigate, log } = effectsOf(platform);
  const toSession = (system: { get(id: string): unknown }, event: Parameters<SessionActorRef['send']>[0]) =>
    (system.get('session') as SessionActorRef | undefined)?.send(event);

  return appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: {
          restoreSession: fromPromise(() => api.restoreSession()),
          loadUser: fromPromise(({ input }: { input: { email: string } }) => api.loadUser(input.email)),
          fetchNotifications: fromPromise(() => api.fetchNotifications()),
          logOut: fromPromise<unknown>(() => api.logOut()),
        },
        actions: {
          notify,
          navigate,
          log,
          dismissNotice: (_, { id }) => platform.dismissNotice(id),
        },
      }),
      notificationsPanel: notificationsPanelMachine.provide({
        actors: {
          markRead: fromPromise<unknown, { id: string }>(({ input }) => api.markNotificationRead(input.id)),
          markAllRead: fromPromise<unknown>(() => api.markAllNotificationsRead()),
          acceptRequest: fromPromise<{ msg: string }, JoinRequest>(({ input }) =>
            api.acceptJoinRequest(input.title, input.fromUser),
          ),
          declineRequest: fromPromise<{ msg: string }, JoinRequest>(({ input }) =>
            api.declineJoinRequest(input.title, input.fromUser),
          ),
          acceptInvitation: fromPromise(({ input }: { input: JoinRequest }) => api.joinRoom(input.title)),
        },
        actions: {
          notify,
          navigate,
          log,
          roomsChanged,
          read: ({ system }, { id }) => toSession(system, { type: 'notification.read', id }),
          readAll: ({ system }) => toSession(system, { type: 'notifications.readAll' }),
          refresh: ({ system }) => toSession(system, { type: 'notifications.refresh' }),
        },
      }),
      search: searchMachine.provide({
        actors: {
          search: fromPromise<SearchResults, { key: string }>(({ input }) => dropdownResults(api, input.key)),
        },
        actions: { notify, navigate, log },
      }),
      welcome: welcomeMachine.provide({ actions: { rememberVisit: () => platform.visits.remember() } }),
      roomLists: roomListsMachine.provide({
        actors: {
          loadRooms: fromPromise(({ input }: { input: { viewerId: string } }) =>
            api.fetchSideRooms(input.viewerId),
          ),
          followViewer: followViewer((user) => ({ type: 'viewer.change', viewerId: user?.userID ?? null })),
        },
        actions: { log },
      }),
      events: eventsMachine.provide({
        actors: {
          stream: liveStream(platform),
          followViewer: followViewer((user) => ({ type: 'viewer.change', signedIn: user !== null })),
        },
        actions: {
          streamOpened: ({ system }) => toSession(system, { type: 'live.opened' }),
          streamLost: ({ system }) => toSession(system, { type: 'live.lost' }),
          deliverNotification: ({ system }, { notification }) =>
            toSession(system, { type: 'notification.arrived', notification }),
          refreshNotifications: ({ system }) => toSession(system, { type: 'notifications.refresh' }),
        },
      }),
      rateLimitNotices: fromCallback(() =>
        api.onRateLimited((text) => platform.notify({ kind: 'error', text, id: RATE_LIMIT_TOAST_ID })),
      ),
    },
  });
}
