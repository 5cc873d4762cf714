/**
 * The profile page's machines on the system's API and platform: the profile load (it follows the
 * viewer, and tells the session the owner's new pictures), the LeetCode stats card, the owner's avatar
 * and banner changes and the profile's lists (overview, posts, polls, upvoted, commented; 10 a page).
 */
import { fromPromise } from 'xstate';
import { imageChangeMachine } from '../machines/imageChange.machine.ts';
import { commentItem, overviewItem } from '../machines/pagedList.machine.ts';
import {
  type ProfileImageKind,
  type ProfileImages,
  profilePageMachine,
} from '../machines/profilePage.machine.ts';
import { statsCardMachine } from '../machines/statsCard.machine.ts';
import { effectsOf, tell } from './effects.ts';
import { listOf, sortedBy } from './feed.ts';
import { followViewer } from './follow.ts';
import type { QuadSystem } from './quadSystem.ts';

export function profileMachines(system: QuadSystem) {
  const { api, platform } = system;
  const { notify, log } = effectsOf(platform);
  const uploads = { avatar: api.uploadAvatar, banner: api.uploadBanner };
  return {
    profilePage: profilePageMachine.provide({
      actors: {
        loadProfile: fromPromise(({ input }: { input: { username: string } }) =>
          api.fetchProfile(input.username),
        ),
        followViewer: followViewer((user) => ({
          type: 'viewer.change' as const,
          viewerName: user?.username ?? null,
        })),
      },
      actions: {
        notify,
        patchViewer: ({ system: actors }, { patch }) =>
          tell(actors, 'session', { type: 'user.patch', patch }),
      },
    }),
    statsCard: statsCardMachine.provide({
      actors: {
        fetchStats: fromPromise(({ input }: { input: { handle: string } }) => api.fetchLcStats(input.handle)),
      },
      actions: { log },
    }),
    /** The owner changes their avatar (`u/uploadImg`) or banner (`u/updatebg`); the result is the new pictures. */
    profileImage: (kind: ProfileImageKind) =>
      imageChangeMachine.provide({
        actors: {
          compressImage: fromPromise(({ input }: { input: { file: File } }) =>
            platform.prepareImage(input.file),
          ),
          upload: fromPromise<unknown, { file: File }>(async ({ input }): Promise<ProfileImages> => {
            const user = await uploads[kind](input.file);
            return { dp: user.dp, bgImg: user.bgImg };
          }),
        },
        actions: { notify, log },
      }),
    overviewList: (username: string) =>
      listOf(system, async ({ offset, limit }) => [
        (await api.fetchUserOverview({ username, offset, limit })).map(overviewItem),
      ]),
    postList: (username: string) =>
      listOf(system, async ({ offset, limit, sort }) => [
        await api.fetchUserPosts({ username, offset, limit, ...sortedBy(sort) }),
      ]),
    pollList: (userId: string) =>
      listOf(system, async ({ page, limit }) => [await api.fetchUserPolls({ userId, page, limit })]),
    /** The posts the owner upvoted, newest vote first (keep the server's order). */
    upvotedList: (userId: string) =>
      listOf(system, async ({ page, limit }) => [
        (await api.fetchUserUpvotes({ userId, page, limit })).map((upvote) => upvote.post),
      ]),
    commentList: (username: string) =>
      listOf(system, async ({ offset, limit }) => [
        (await api.fetchUserComments({ username, offset, limit })).map(commentItem),
      ]),
  };
}

export type ProfileMachines = ReturnType<typeof profileMachines>;
