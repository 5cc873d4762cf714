/**
 * The profile page's machines joined to the real API, image compression, toasts and the session: the
 * profile load, the LeetCode stats card, the owner's avatar and banner changes and the profile's lists
 * (overview, posts, polls, upvoted, commented; 10 a page). The session actor is the one the views
 * were given (`useSessionActor`), so a test's session hears the owner's new pictures as the app's
 * does. Views get these through `ProfileMachinesProvider` (pages/profile/profileMachines.tsx), so
 * that tests can hand the same real charts fake services.
 */
import { fromPromise } from 'xstate';
import { imageChangeMachine } from '../../../machines/imageChange.machine.ts';
import { commentItem, overviewItem } from '../../../machines/pagedList.machine.ts';
import {
  type ProfileImageKind,
  type ProfileImages,
  profilePageMachine,
} from '../../../machines/profilePage.machine.ts';
import { statsCardMachine } from '../../../machines/statsCard.machine.ts';
import {
  fetchLcStats,
  fetchProfile,
  fetchUserComments,
  fetchUserOverview,
  fetchUserPolls,
  fetchUserPosts,
  fetchUserUpvotes,
  uploadAvatar,
  uploadBanner,
} from '../../../services/api/profiles.ts';
import { prepareImage } from '../../../services/images.ts';
import type { SessionActorRef } from '../actors.tsx';
import { effectActions } from '../effects.ts';
import { listOf } from './posts.ts';

const { notify, log } = effectActions;

const uploads = { avatar: uploadAvatar, banner: uploadBanner };

export const liveProfileMachines = {
  profilePage: (session: SessionActorRef) =>
    profilePageMachine.provide({
      actors: {
        loadProfile: fromPromise(({ input }: { input: { username: string } }) =>
          fetchProfile(input.username),
        ),
      },
      actions: {
        notify,
        patchViewer: (_, { patch }) => session.send({ type: 'user.patch', patch }),
      },
    }),
  statsCard: statsCardMachine.provide({
    actors: {
      fetchStats: fromPromise(({ input }: { input: { handle: string } }) => fetchLcStats(input.handle)),
    },
    actions: { log },
  }),
  /** The owner changes their avatar (`u/uploadImg`) or banner (`u/updatebg`); the result is the new pictures. */
  profileImage: (kind: ProfileImageKind) =>
    imageChangeMachine.provide({
      actors: {
        compressImage: fromPromise(({ input }: { input: { file: File } }) => prepareImage(input.file)),
        upload: fromPromise<unknown, { file: File }>(async ({ input }): Promise<ProfileImages> => {
          const user = await uploads[kind](input.file);
          return { dp: user.dp, bgImg: user.bgImg };
        }),
      },
      actions: { notify, log },
    }),
  overviewList: (username: string) =>
    listOf(async ({ offset, limit }) => [
      (await fetchUserOverview({ username, offset, limit })).map(overviewItem),
    ]),
  postList: (username: string) =>
    listOf(async ({ offset, limit }) => [await fetchUserPosts({ username, offset, limit })]),
  pollList: (userId: string) =>
    listOf(async ({ page, limit }) => [await fetchUserPolls({ userId, page, limit })]),
  /** The posts the owner upvoted, newest vote first (keep the server's order). */
  upvotedList: (userId: string) =>
    listOf(async ({ page, limit }) => [
      (await fetchUserUpvotes({ userId, page, limit })).map((upvote) => upvote.post),
    ]),
  commentList: (username: string) =>
    listOf(async ({ offset, limit }) => [
      (await fetchUserComments({ username, offset, limit })).map(commentItem),
    ]),
};

export type ProfileMachines = typeof liveProfileMachines;
