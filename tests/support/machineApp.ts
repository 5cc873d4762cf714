/**
 * The app's root machine (src/machines/app.machine.ts) on fakes, for the tests of the one actor system:
 * its real long-lived children, the session answering like the server would for a visitor who then
 * signs in (the restore says 401, `session.login` loads `user`, logout succeeds), and a rate-limit
 * notice that records whether it listens.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { Notification, UserInfo } from '../../src/domain/entities.ts';
import { appMachine } from '../../src/machines/app.machine.ts';
import { sessionMachine } from '../../src/machines/session.machine.ts';
import { apiError } from './authFakes.ts';
import { makeUser } from './users.ts';

export function appOnFakes({
  user = makeUser(),
  rateLimit = { listening: false },
}: {
  user?: UserInfo;
  rateLimit?: { listening: boolean };
} = {}) {
  return appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: {
          restoreSession: fromPromise<{ email: string }>(async () => {
            throw apiError(401, 'Please sign in first.');
          }),
          loadUser: fromPromise<UserInfo, { email: string }>(async ({ input }) => ({
            ...user,
            email: input.email,
          })),
          fetchNotifications: fromPromise<Notification[]>(async () => []),
          logOut: fromPromise<unknown>(async () => ({ msg: 'Logged out' })),
        },
      }),
      rateLimitNotices: fromCallback(() => {
        rateLimit.listening = true;
        return () => {
          rateLimit.listening = false;
        };
      }),
    },
  });
}
