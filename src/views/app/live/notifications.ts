/**
 * The notifications panel's one actor (systemId 'notificationsPanel'), joined to the API, toasts and
 * router; it tells the session actor what became read.
 */
import { createActor, fromPromise } from 'xstate';
import { type JoinRequest, notificationsPanelMachine } from '../../../machines/notificationsPanel.machine.ts';
import { markAllNotificationsRead, markNotificationRead } from '../../../services/api/notifications.ts';
import { acceptJoinRequest } from '../../../services/api/rooms.ts';
import { goTo, showNotice } from '../effects.ts';
import { inspect } from '../inspector.ts';
import { sessionActor } from './session.ts';

const liveNotificationsPanel = notificationsPanelMachine.provide({
  actors: {
    markRead: fromPromise<unknown, { id: string }>(({ input }) => markNotificationRead(input.id)),
    markAllRead: fromPromise<unknown>(() => markAllNotificationsRead()),
    acceptRequest: fromPromise<{ msg: string }, JoinRequest>(({ input }) =>
      acceptJoinRequest(input.title, input.fromUser),
    ),
  },
  actions: {
    notify: (_, notice) => showNotice(notice),
    navigate: (_, navigation) => goTo(navigation),
    log: (_, { message, error }) => console.warn(message, error),
    read: (_, { id }) => sessionActor.send({ type: 'notification.read', id }),
    readAll: () => sessionActor.send({ type: 'notifications.readAll' }),
    refresh: () => sessionActor.send({ type: 'notifications.refresh' }),
  },
});

export const notificationsPanelActor = createActor(liveNotificationsPanel, {
  systemId: 'notificationsPanel',
  inspect,
});
notificationsPanelActor.start();
