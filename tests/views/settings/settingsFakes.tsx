/**
 * The settings page's view tests: a fake settings API (details, handles, visibility, pictures,
 * deletion, generated usernames), the page's real charts on it joined to the test session, and the
 * whole app rendered at /setting with them.
 */
import { Outlet } from 'react-router-dom';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { UserInfo } from '../../../src/domain/entities.ts';
import { SETTINGS } from '../../../src/domain/peopleMessages.ts';
import { accountDeletionMachine } from '../../../src/machines/accountDeletion.machine.ts';
import { codingHandleMachine, type HandleKind } from '../../../src/machines/codingHandle.machine.ts';
import type { Navigation, Notice } from '../../../src/machines/effects.ts';
import { imageChangeMachine } from '../../../src/machines/imageChange.machine.ts';
import {
  type DetailsUpdate,
  type PictureField,
  settingsMachine,
  settingsUsernameSuggestions,
  type UserPatch,
} from '../../../src/machines/settings.machine.ts';
import type { SessionActorRef } from '../../../src/views/app/actors.tsx';
import { FeedMachinesProvider } from '../../../src/views/app/feedMachines.tsx';
import type { SettingsMachines } from '../../../src/views/app/live/settings.ts';
import { routes } from '../../../src/views/app/routes.tsx';
import { SettingsMachinesProvider } from '../../../src/views/pages/settings/settingsMachines.tsx';
import { fakeFeedApi, fakeFeedMachines } from '../support/feeds.tsx';
import { createTestSession, renderApp, testUser } from '../support/shell.tsx';

export { testUser };

/** The fake API, answering like the server on success; a test makes a call fail with `mockRejectedValueOnce`. */
export function fakeSettingsApi(user: UserInfo = testUser) {
  return {
    generateUsernames: vi.fn(async () => ['brave_fox', 'calm_heron', 'swift_lynx', 'bold_crane']),
    saveDetails: vi.fn(
      async (update: DetailsUpdate): Promise<UserInfo> => ({
        ...user,
        username: update.username ?? user.username,
        about: update.bio ?? user.about,
      }),
    ),
    link: vi.fn(async (kind: HandleKind, handle: string) => ({
      linked: kind === 'leetcode' ? handle : 'expert',
    })),
    setVisibility: vi.fn(
      async (_kind: HandleKind, _shown: boolean): Promise<unknown> => ({
        msg: SETTINGS.updated,
      }),
    ),
    upload: vi.fn(
      async (field: PictureField, _file: File): Promise<UserInfo> => ({
        ...user,
        [field]: `/uploads/users/new-${field}.webp`,
      }),
    ),
    deleteAccount: vi.fn(async (): Promise<unknown> => ({ msg: SETTINGS.accountDeleted })),
    notify: vi.fn((_notice: Notice) => {}),
    navigate: vi.fn((_navigation: Navigation) => {}),
  };
}
export type FakeSettingsApi = ReturnType<typeof fakeSettingsApi>;

/** The settings page's real charts on the fake API; `go` follows their redirects. */
export function fakeSettingsMachines(
  api: FakeSettingsApi,
  go: (navigation: Navigation) => void,
): SettingsMachines {
  const notify = (_: unknown, notice: Notice) => api.notify(notice);
  const navigate = (_: unknown, navigation: Navigation) => {
    api.navigate(navigation);
    go(navigation);
  };
  const patchUser = (session: SessionActorRef) => (_: unknown, patch: UserPatch) =>
    session.send({ type: 'user.patch', patch });
  return {
    settings: (session) =>
      settingsMachine.provide({
        actors: {
          usernameSuggestions: settingsUsernameSuggestions.provide({
            actors: { generateUsernames: fromPromise(() => api.generateUsernames()) },
            actions: { notify },
          }),
          saveDetails: fromPromise(({ input }: { input: DetailsUpdate }) => api.saveDetails(input)),
        },
        actions: { notify, userChanged: patchUser(session) },
      }),
    codingHandle: (session, kind) =>
      codingHandleMachine.provide({
        actors: {
          link: fromPromise(({ input }: { input: { handle: string } }) => api.link(kind, input.handle)),
          setVisibility: fromPromise<unknown, { shown: boolean }>(({ input }) =>
            api.setVisibility(kind, input.shown),
          ),
        },
        actions: { notify, userChanged: patchUser(session) },
      }),
    picture: (field) =>
      imageChangeMachine.provide({
        actors: {
          compressImage: fromPromise(async ({ input }: { input: { file: File } }) => input.file),
          upload: fromPromise<unknown, { file: File }>(({ input }) => api.upload(field, input.file)),
        },
        actions: { notify },
      }),
    accountDeletion: (session) =>
      accountDeletionMachine.provide({
        actors: { deleteAccount: fromPromise<unknown>(() => api.deleteAccount()) },
        actions: { notify, navigate, endSession: () => session.send({ type: 'session.end' }) },
      }),
  };
}

/** The app at /setting with the fake API, signed in as `user` (testUser by default; null: a visitor). */
export async function renderSettingsPage(
  api: FakeSettingsApi,
  options: { user?: UserInfo | null; restorePending?: boolean } = {},
) {
  let go: ((navigation: Navigation) => void) | undefined;
  const session = createTestSession({
    user: options.user === undefined ? testUser : options.user,
    restorePending: options.restorePending,
    navigate: (navigation) => go?.(navigation),
  });
  if (!options.restorePending) await session.settled();
  const wrapped = [
    {
      // the home feed (where deleting the account ends) on fakes too
      element: (
        <FeedMachinesProvider machines={fakeFeedMachines(fakeFeedApi())}>
          <SettingsMachinesProvider machines={fakeSettingsMachines(api, (navigation) => go?.(navigation))}>
            <Outlet />
          </SettingsMachinesProvider>
        </FeedMachinesProvider>
      ),
      children: routes,
    },
  ];
  const view = renderApp('/setting', { session, routes: wrapped });
  go = ({ to, replace, state }) => void view.router.navigate(to, { replace, state });
  return view;
}
