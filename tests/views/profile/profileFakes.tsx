/**
 * The profile page's view tests: a fake profiles API (the profile, its lists, LeetCode stats and the
 * picture uploads), the profile page's real charts on it, and the whole app (routes, shell, right
 * column) rendered with them.
 */
import { configure } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  LcStats,
  OverviewItem,
  Poll,
  Post,
  Profile,
  ProfileComment,
} from '../../../src/domain/entities.ts';
import type { Notice } from '../../../src/machines/effects.ts';
import { imageChangeMachine } from '../../../src/machines/imageChange.machine.ts';
import {
  commentItem,
  overviewItem,
  type PageRequest,
  type PageSources,
  pagedListMachine,
} from '../../../src/machines/pagedList.machine.ts';
import { type ProfileImageKind, profilePageMachine } from '../../../src/machines/profilePage.machine.ts';
import { statsCardMachine } from '../../../src/machines/statsCard.machine.ts';
import { FeedMachinesProvider } from '../../../src/views/app/feedMachines.tsx';
import type { ProfileMachines } from '../../../src/views/app/live/profile.ts';
import { routes } from '../../../src/views/app/routes.tsx';
import { ProfileMachinesProvider } from '../../../src/views/pages/profile/profileMachines.tsx';
import { lcStats } from '../../support/profileFakes.ts';
import { fakeFeedApi, fakeFeedMachines } from '../support/feeds.tsx';
import { createTestSession, renderApp, testUser } from '../support/shell.tsx';

// Each test renders the whole app: on a busy machine a first render takes longer than the defaults allow.
configure({ asyncUtilTimeout: 3000 });
vi.setConfig({ testTimeout: 15_000 });

type Failure = { status: number; message: string };

export interface ProfileData {
  /** The profile by its username (any letter case), or a failure for every name. */
  profiles: Profile[] | Failure;
  overview?: OverviewItem[][];
  posts?: Post[][];
  polls?: Poll[][];
  upvoted?: Post[][];
  comments?: ProfileComment[][];
  /** The stats of a handle, or a failure. */
  stats?: LcStats | Failure;
}

const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && 'status' in value;

export function fakeProfileApi(data: ProfileData) {
  const pager = <T,>(pages: T[][] = []) => {
    const left = [...pages];
    return vi.fn(
      async (_request: PageRequest & { username?: string; userId?: string }) => left.shift() ?? [],
    );
  };
  return {
    loadProfile: vi.fn(async (username: string): Promise<Profile> => {
      if (isFailure(data.profiles)) throw data.profiles;
      const found = data.profiles.find((p) => p.username.toLowerCase() === username.toLowerCase());
      if (!found) throw { status: 404, message: 'User not found' };
      return found;
    }),
    stats: vi.fn(async (_handle: string): Promise<LcStats> => {
      const stats = data.stats ?? lcStats;
      if (isFailure(stats)) throw stats;
      return stats;
    }),
    upload: vi.fn(async (kind: ProfileImageKind, _file: File) =>
      kind === 'avatar'
        ? { dp: '/uploads/users/new-dp.webp', bgImg: null }
        : { dp: null, bgImg: '/uploads/users/new-bg.webp' },
    ),
    overview: pager(data.overview),
    posts: pager(data.posts),
    polls: pager(data.polls),
    upvoted: pager(data.upvoted),
    comments: pager(data.comments),
    notify: vi.fn((_notice: Notice) => {}),
  };
}
export type FakeProfileApi = ReturnType<typeof fakeProfileApi>;

/** The profile page's real charts on the fake API; the owner's new pictures patch the views' session. */
export function fakeProfileMachines(api: FakeProfileApi): ProfileMachines {
  const notify = (_: unknown, notice: Notice) => api.notify(notice);
  const list = (load: (request: PageRequest) => Promise<PageSources>) =>
    pagedListMachine.provide({
      actors: { fetchPage: fromPromise(({ input }: { input: PageRequest }) => load(input)) },
    });
  return {
    profilePage: (session) =>
      profilePageMachine.provide({
        actors: {
          loadProfile: fromPromise(({ input }: { input: { username: string } }) =>
            api.loadProfile(input.username),
          ),
        },
        actions: {
          notify,
          patchViewer: (_, { patch }) => session.send({ type: 'user.patch', patch }),
        },
      }),
    statsCard: statsCardMachine.provide({
      actors: {
        fetchStats: fromPromise(({ input }: { input: { handle: string } }) => api.stats(input.handle)),
      },
    }),
    profileImage: (kind: ProfileImageKind) =>
      imageChangeMachine.provide({
        actors: {
          compressImage: fromPromise(async ({ input }: { input: { file: File } }) => input.file),
          upload: fromPromise<unknown, { file: File }>(({ input }) => api.upload(kind, input.file)),
        },
        actions: { notify },
      }),
    overviewList: (username: string) =>
      list(async (request) => [(await api.overview({ ...request, username })).map(overviewItem)]),
    postList: (username: string) => list(async (request) => [await api.posts({ ...request, username })]),
    pollList: (userId: string) => list(async (request) => [await api.polls({ ...request, userId })]),
    upvotedList: (userId: string) => list(async (request) => [await api.upvoted({ ...request, userId })]),
    commentList: (username: string) =>
      list(async (request) => [(await api.comments({ ...request, username })).map(commentItem)]),
  };
}

/** The app at `path` (a profile) with the fake profiles API, signed in as `testUser` unless `signedIn` is false. */
export async function renderProfilePage(
  path: string,
  api: FakeProfileApi,
  options: { signedIn?: boolean } = {},
) {
  // The route loads the page's code lazily: load it first, so that waits measure the page, not the import.
  await import('../../../src/views/pages/ProfilePage.tsx');
  const session = createTestSession({ user: options.signedIn === false ? null : testUser });
  await session.settled();
  const feeds = fakeFeedApi();
  const wrapped = [
    {
      element: (
        <FeedMachinesProvider machines={fakeFeedMachines(feeds)}>
          <ProfileMachinesProvider machines={fakeProfileMachines(api)}>
            <Outlet />
          </ProfileMachinesProvider>
        </FeedMachinesProvider>
      ),
      children: routes,
    },
  ];
  const view = renderApp(path, { session, routes: wrapped });
  return { ...view, feeds };
}
