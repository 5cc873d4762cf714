/**
 * The profiles API's answers for the profile page's view tests (the profile, its lists, the LeetCode
 * stats, the owner's picture uploads and the votes and deletions of the owner's posts), as the server
 * would give them. Tests render the app with `renderApp` on these answers and assert on the fake
 * API's spies and the fake platform.
 */
import type { Poll, Post, UserInfo } from '../../../src/domain/entities.ts';
import type { LcStats, OverviewItem, Profile, ProfileComment } from '../../../src/domain/profileSchemas.ts';
import { ApiError } from '../../../src/services/http.ts';
import type { QuadApi } from '../../../src/system/api.ts';
import { lcStats } from '../../support/profileFakes.ts';
import { pager, tallyingVotes } from '../support/serverAnswers.ts';
import { type RenderOptions, renderApp, testUser } from '../support/shell.tsx';

export interface ProfileAnswers {
  /** The profiles by username (any letter case), or a failure for every name. */
  profiles: Profile[] | ApiError;
  overview?: OverviewItem[][];
  posts?: Post[][];
  polls?: Poll[][];
  upvoted?: Post[][];
  comments?: ProfileComment[][];
  /** The stats of any handle, or a failure. */
  stats?: LcStats | ApiError;
}

/** The owner's pictures after an upload, as `u/uploadImg` and `u/updatebg` answer (the whole user). */
export const NEW_AVATAR = '/uploads/users/new-dp.webp';
export const NEW_BANNER = '/uploads/users/new-bg.webp';

/** The profiles calls answering as the server would for these answers. */
export function profileCalls(answers: ProfileAnswers) {
  const upvoted = pager(answers.upvoted);
  /** Each post's tally as the server keeps it (every post starts at 0 / 0). */
  return {
    fetchProfile: async (username: string): Promise<Profile> => {
      if (answers.profiles instanceof ApiError) throw answers.profiles;
      const found = answers.profiles.find((p) => p.username.toLowerCase() === username.toLowerCase());
      if (!found) throw new ApiError(404, 'User not found');
      return found;
    },
    fetchLcStats: async (_handle: string): Promise<LcStats> => {
      const stats = answers.stats ?? lcStats;
      if (stats instanceof ApiError) throw stats;
      return stats;
    },
    uploadAvatar: async (_image: File): Promise<UserInfo> => ({ ...testUser, dp: NEW_AVATAR }),
    uploadBanner: async (_image: File): Promise<UserInfo> => ({ ...testUser, bgImg: NEW_BANNER }),
    fetchUserOverview: pager(answers.overview),
    fetchUserPosts: pager(answers.posts),
    fetchUserPolls: pager(answers.polls),
    fetchUserUpvotes: async () =>
      (await upvoted()).map((post) => ({ postId: post.id, createdAt: post.createdAt, post })),
    fetchUserComments: pager(answers.comments),
    votePost: tallyingVotes(),
    deletePost: async (_id: string) => ({ msg: 'Post deleted' }),
    deletePoll: async (_id: string) => ({ msg: 'Poll deleted' }),
  } satisfies Partial<QuadApi>;
}

/** The app at `path` (a profile) on these answers, signed in as `testUser` unless `signedIn` is false. */
export async function renderProfile(
  path: string,
  answers: ProfileAnswers,
  options: { signedIn?: boolean; calls?: RenderOptions['calls'] } = {},
) {
  // The route loads the page's code lazily: load it first, so that waits measure the page, not the import.
  await import('../../../src/views/pages/ProfilePage.tsx');
  const view = renderApp(path, {
    user: options.signedIn === false ? null : testUser,
    calls: { ...profileCalls(answers), ...options.calls },
  });
  await view.settled();
  return view;
}

/** A failure of a profiles call as the HTTP client throws it. */
export const refusal = (status: number, message: string) => new ApiError(status, message);
