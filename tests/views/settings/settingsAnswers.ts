/**
 * The settings API's answers for the settings page's view tests (details, coding handles and their
 * visibility, pictures, account deletion, generated usernames), as the server would give them on
 * success; a test makes a call fail with `api.<call>.mockRejectedValueOnce`. Tests render the app at
 * /setting with `renderApp` on these answers and assert on the fake API's spies and the fake platform.
 */
import type { UserInfo } from '../../../src/domain/entities.ts';
import { SETTINGS } from '../../../src/domain/peopleMessages.ts';
import type { DetailsUpdate } from '../../../src/machines/settings.machine.ts';
import { ApiError } from '../../../src/services/http.ts';
import type { QuadApi } from '../../../src/system/api.ts';
import { renderApp, testUser } from '../support/shell.tsx';

export { testUser };

/** The usernames `auth/generateusername` suggests. */
export const GENERATED = ['brave_fox', 'calm_heron', 'swift_lynx', 'bold_crane'];
/** The rank `u/addCodeforces` answers for any handle. */
export const CODEFORCES_RANK = 'expert';
export const NEW_AVATAR = '/uploads/users/new-dp.webp';
export const NEW_BANNER = '/uploads/users/new-bgImg.webp';

/** The settings calls answering as the server would for `user`. */
export function settingsCalls(user: UserInfo) {
  const updated = (msg: string, patch: Partial<UserInfo>) => ({ msg, user: { ...user, ...patch } });
  return {
    generateUsernames: async () => GENERATED,
    updateDetails: async (update: DetailsUpdate): Promise<UserInfo> => ({
      ...user,
      username: update.username ?? user.username,
      about: update.clearBio ? null : (update.bio ?? user.about),
    }),
    addLeetCode: async (handle: string) => ({
      ...updated('LeetCode linked', { leetcode: handle }),
      leetcode: handle,
    }),
    addCodeforces: async (_handle: string) => ({
      ...updated('Codeforces linked', { codeforces: CODEFORCES_RANK }),
      codeforces: CODEFORCES_RANK,
    }),
    setLeetCodeVisibility: async (showLC: boolean) => updated(SETTINGS.updated, { showLC }),
    setCodeforcesVisibility: async (showCf: boolean) => updated(SETTINGS.updated, { showCf }),
    uploadAvatar: async (_image: File): Promise<UserInfo> => ({ ...user, dp: NEW_AVATAR }),
    uploadBanner: async (_image: File): Promise<UserInfo> => ({ ...user, bgImg: NEW_BANNER }),
    deleteAccount: async () => ({ msg: SETTINGS.accountDeleted }),
  } satisfies Partial<QuadApi>;
}

/** The app at /setting signed in as `user` (testUser by default; null: a visitor). */
export async function renderSettings(options: { user?: UserInfo | null; restorePending?: boolean } = {}) {
  const user = options.user === undefined ? testUser : options.user;
  const view = renderApp('/setting', {
    user,
    restorePending: options.restorePending,
    calls: settingsCalls(user ?? testUser),
  });
  if (!options.restorePending) await view.settled();
  // what the page says, without the session's 'restored' toast
  view.platform.notify.mockClear();
  return view;
}

/** A failure of a settings call as the HTTP client throws it. */
export const refusal = (status: number, message: string) => new ApiError(status, message);
