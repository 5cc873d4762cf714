/**
 * The app's root machine as the app builds it (`createQuadSystem`) on a fake API and platform, for the
 * tests of the one actor system: the session answers like the server would for a visitor who then
 * signs in (the restore says 401, `session.login` loads `user`, logout succeeds), and the request-rate
 * limit's listener records whether it is heard.
 */
import type { UserInfo } from '../../src/domain/entities.ts';
import { createQuadSystem } from '../../src/system/quadSystem.ts';
import { fakeApi, fakePlatform } from './fakeSystem.ts';
import { makeUser } from './users.ts';

export function appOnFakes({
  user = makeUser(),
  rateLimit = { listening: false },
  platform = fakePlatform(),
}: {
  user?: UserInfo;
  rateLimit?: { listening: boolean; tell?: (text: string) => void };
  platform?: ReturnType<typeof fakePlatform>;
} = {}) {
  const api = fakeApi({
    loadUser: async (email: string) => ({ ...user, email }),
    logOut: async () => ({ msg: 'Logged out' }),
    onRateLimited: (listener: (text: string) => void) => {
      rateLimit.listening = true;
      rateLimit.tell = listener;
      return () => {
        rateLimit.listening = false;
      };
    },
  });
  return createQuadSystem(api, platform).app;
}
