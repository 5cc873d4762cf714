/** The one session actor of the app (systemId 'session'), joined to the real API, toasts and router. */
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { fetchNotifications, loadUser, logOut, restoreSession } from '../../../services/api/auth.ts';
import { goTo, showNotice } from '../effects.ts';
import { inspect } from '../inspector.ts';
import { dismissToast } from '../toasts.ts';

const liveSessionMachine = sessionMachine.provide({
  actors: {
    restoreSession: fromPromise(() => restoreSession()),
    loadUser: fromPromise(({ input }: { input: { email: string } }) => loadUser(input.email)),
    fetchNotifications: fromPromise(() => fetchNotifications()),
    logOut: fromPromise<unknown>(() => logOut()),
  },
  actions: {
    notify: (_, notice) => showNotice(notice),
    dismissNotice: (_, { id }) => dismissToast(id),
    navigate: (_, navigation) => goTo(navigation),
    log: (_, { message, error }) => console.warn(message, error),
  },
});

export const sessionActor = createActor(liveSessionMachine, { systemId: 'session', inspect });
sessionActor.start();
