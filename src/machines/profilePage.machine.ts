/**
 * The profile page's user (spec §2 Profile, §6 Profile owner, §8 Profile load failure): loading the
 * profile by username, then one of
 * - `shown`, to its `owner` (the viewed username is the signed-in user's, whatever the letter case:
 *   the avatar and banner changes and the Edit row) or to a `visitor`;
 * - `notFound` (404: the app's 404 screen);
 * - `removed` (410: an account removed by moderators; the server's 'Removed by moderators: {rule}' is
 *   the page);
 * - `failed` (anything else: 'Unable to load profile !' is toasted, 'profile.reload' retries).
 *
 * 'profile.visit' opens another user's profile (the route changed; the same name in another letter
 * case is the same user) and 'viewer.change' reloads for whoever signed in or out (the counts depend
 * on who looks: private-room content counts only for its members). 'image.saved' (sent by the avatar
 * and banner changes) follows the owner's new pictures: the page shows them and the session's user is
 * patched (`patchViewer`). 'item.deleted' follows a post or poll deleted from the profile's lists
 * (spec §4 Post deletion); 'vote.changed' follows the owner's votes there: their count of upvoted
 * posts moves by one (spec §4 Post vote).
 *
 * Tags: `busy` (loading), `owner` (the owner's controls).
 */
import { assign, fromPromise, setup } from 'xstate';
import { PROFILE } from '../domain/peopleMessages.ts';
import type { VoteValue } from '../domain/postValidation.ts';
import type { Profile } from '../domain/profileSchemas.ts';
import { followsNobody, type Notice, noEffect, notProvided } from './effects.ts';
import { failed, failedWith, shownError } from './failure.ts';
import type { ImageChangeInput } from './imageChange.machine.ts';
import { say } from './notices.ts';

export interface ProfilePageInput {
  username: string;
  /** The signed-in user's username; null for a visitor. */
  viewerName: string | null;
}

/** The pictures of a profile, as an upload answers them. */
export type ProfileImages = Pick<Profile, 'dp' | 'bgImg'>;

export type ProfileImageKind = 'avatar' | 'banner';

/** The toasts of the owner's picture changes (spec §8 Image updates), the input of their imageChange charts. */
export const PROFILE_IMAGE_TEXTS: Record<ProfileImageKind, ImageChangeInput> = {
  avatar: { successText: PROFILE.avatarUpdated, failureByStatus: { 403: PROFILE.avatarFailed } },
  banner: { successText: PROFILE.bannerUpdated, failureText: PROFILE.bannerFailed },
};

export interface ProfilePageContext {
  /** The username of the route. */
  username: string;
  viewerName: string | null;
  /** The profile, once loaded. */
  profile: Profile | null;
  /** Why the load failed, for the failed screen. */
  error: string | null;
}

export type ProfilePageEvent =
  | { type: 'profile.reload' }
  | { type: 'profile.visit'; username: string }
  | { type: 'viewer.change'; viewerName: string | null }
  /** The owner's avatar or banner change saved: the new pictures (imageChange's `owner`). */
  | { type: 'image.saved'; result: ProfileImages }
  /** A post or poll of the profile's lists was deleted (deleteItem's `page`). */
  | { type: 'item.deleted'; kind: 'post' | 'poll'; id: string }
  /** The viewer's vote on a post shown in the profile's lists changed (postVote's `page`). */
  | { type: 'vote.changed'; from: VoteValue; to: VoteValue };

/** How a vote change moves the count of posts someone upvoted: +1 into an upvote, -1 out of one. */
export const upvoteDelta = (from: VoteValue, to: VoteValue): number =>
  (to === 1 ? 1 : 0) - (from === 1 ? 1 : 0);

const sameName = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

const loaded = ({ event }: { event: { output: Profile } }) => ({ profile: event.output });

/** The pictures of what an upload answered (only they are shown and patched). */
const picturesOf = (images: ProfileImages): ProfileImages => ({ dp: images.dp, bgImg: images.bgImg });

export const profilePageMachine = setup({
  types: {
    input: {} as ProfilePageInput,
    context: {} as ProfilePageContext,
    events: {} as ProfilePageEvent,
    tags: {} as 'busy' | 'owner',
  },
  actors: {
    loadProfile: fromPromise<Profile, { username: string }>(async () =>
      notProvided('profilePage', 'loadProfile'),
    ),
    followViewer: followsNobody(),
  },
  actions: {
    notify: (_, _params: Notice) => noEffect(),
    /** Tells the session the signed-in user's new pictures (live: the session's 'user.patch'). */
    patchViewer: (_, _params: { patch: ProfileImages }) => noEffect(),
    setProfile: assign((_, params: { profile: Profile }) => ({ profile: params.profile, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: shownError(params.error) })),
    setUsername: assign((_, params: { username: string }) => ({ username: params.username, profile: null })),
    setViewer: assign((_, params: { viewerName: string | null }) => ({ viewerName: params.viewerName })),
    setImages: assign(({ context }, params: { images: ProfileImages }) =>
      context.profile ? { profile: { ...context.profile, ...params.images } } : {},
    ),
    countUpvotes: assign(({ context }, params: { delta: number }) => {
      if (!context.profile || params.delta === 0) return {};
      const upvotes = Math.max(0, context.profile._count.upvotes + params.delta);
      return { profile: { ...context.profile, _count: { ...context.profile._count, upvotes } } };
    }),
    countRemoved: assign(({ context }, params: { kind: 'post' | 'poll' }) => {
      if (!context.profile) return {};
      const key = params.kind === 'post' ? 'posts' : 'polls';
      const count = { ...context.profile._count, [key]: Math.max(0, context.profile._count[key] - 1) };
      return { profile: { ...context.profile, _count: count } };
    }),
  },
  guards: {
    failedWith,
    /** Owner = the viewed username is the signed-in user's, whatever the letter case (spec §6). */
    loadedByOwner: ({ context }, params: { profile: Profile }) =>
      sameName(context.viewerName, params.profile.username),
    isOtherUser: ({ context }, params: { username: string }) => !sameName(context.username, params.username),
    isOtherViewer: ({ context }, params: { viewerName: string | null }) =>
      context.viewerName !== params.viewerName,
  },
}).createMachine({
  id: 'profilePage',
  context: ({ input }) => ({
    username: input.username,
    viewerName: input.viewerName,
    profile: null,
    error: null,
  }),
  initial: 'loading',
  invoke: { id: 'followViewer', src: 'followViewer' },
  on: {
    'profile.visit': {
      guard: { type: 'isOtherUser', params: ({ event }) => ({ username: event.username }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'setUsername', params: ({ event }) => ({ username: event.username }) },
    },
    'viewer.change': {
      guard: { type: 'isOtherViewer', params: ({ event }) => ({ viewerName: event.viewerName }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'setViewer', params: ({ event }) => ({ viewerName: event.viewerName }) },
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ username: context.username }),
        onDone: [
          {
            guard: { type: 'loadedByOwner', params: loaded },
            target: 'shown.owner',
            actions: { type: 'setProfile', params: loaded },
          },
          { target: 'shown.visitor', actions: { type: 'setProfile', params: loaded } },
        ],
        onError: [
          { guard: failed(404), target: 'notFound' },
          // A key the server refuses (empty, too long) names no user either.
          { guard: failed(400), target: 'notFound' },
          {
            guard: failed(410),
            target: 'removed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: [
              { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              say('error', PROFILE.loadFailed),
            ],
          },
        ],
      },
    },
    shown: {
      initial: 'visitor',
      on: {
        'profile.reload': { target: 'loading' },
        'item.deleted': {
          actions: { type: 'countRemoved', params: ({ event }) => ({ kind: event.kind }) },
        },
      },
      states: {
        owner: {
          tags: ['owner'],
          on: {
            'image.saved': {
              actions: [
                { type: 'setImages', params: ({ event }) => ({ images: picturesOf(event.result) }) },
                { type: 'patchViewer', params: ({ event }) => ({ patch: picturesOf(event.result) }) },
              ],
            },
            // Only the owner's own votes move their count of upvoted posts.
            'vote.changed': {
              actions: {
                type: 'countUpvotes',
                params: ({ event }) => ({ delta: upvoteDelta(event.from, event.to) }),
              },
            },
          },
        },
        visitor: {},
      },
    },
    notFound: {},
    removed: {},
    failed: {
      on: { 'profile.reload': { target: 'loading' } },
    },
  },
});
