/**
 * The session's notifications fetch as a state of its chart (session.machine.ts): the same in its
 * polling and live modes, each going on to its own next state.
 */
import type { Notification } from '../domain/entities.ts';
import { AUTH } from '../domain/messages.ts';
import { failed } from './failure.ts';

/** The notifications fetch, then `next`; a 401 ends the session, any other failure is only logged. */
export const fetchingNotifications = (next: string) => ({
  invoke: {
    id: 'fetchNotifications',
    src: 'fetchNotifications' as const,
    onDone: {
      target: next,
      actions: {
        type: 'setNotifications' as const,
        params: ({ event }: { event: { output: Notification[] } }) => ({ notifications: event.output }),
      },
    },
    onError: [
      {
        guard: failed(401),
        target: '#session.signedOut',
        actions: [
          'clearSession' as const,
          { type: 'notify' as const, params: { kind: 'error' as const, text: AUTH.sessionExpired } },
        ],
      },
      {
        target: next,
        actions: {
          type: 'log' as const,
          params: ({ event }: { event: { error: unknown } }) => ({
            message: 'notifications: fetch failed',
            error: event.error,
          }),
        },
      },
    ],
  },
});
