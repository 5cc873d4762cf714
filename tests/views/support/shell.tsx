/**
 * Renders the real routes and shell on the app's own actor system (`createQuadSystem`) with a fake
 * API and a fake platform (tests/support/fakeSystem.ts): what a test changes is the server's answers.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { waitFor } from 'xstate';
import type { Notification, UserInfo } from '../../../src/domain/entities.ts';
import { ApiError } from '../../../src/services/http.ts';
import type { QuadApi } from '../../../src/system/api.ts';
import type { SessionActorRef } from '../../../src/system/appActors.ts';
import {
  type AppActorRef,
  QuadSystemProvider,
  useRunningSystem,
} from '../../../src/system/QuadSystemProvider.tsx';
import { routes } from '../../../src/views/app/routes.tsx';
import {
  type FakeApi,
  type FakePlatform,
  fakeApi,
  fakePlatform,
  fakeSystem,
} from '../../support/fakeSystem.ts';
import { makeUser } from '../../support/users.ts';

export const testUser: UserInfo = makeUser();

export function testNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    kind: 'postVote',
    postId: 'p1',
    pollId: null,
    commentId: null,
    roomId: null,
    title: 'New vote',
    body: 'upvoted your post!',
    fromUser: 'u2',
    toUser: 'u1',
    isRead: false,
    createdAt: '2025-01-02T00:00:00.000Z',
    user2: { username: 'brave_fox' },
    appeal: null,
    ...overrides,
  };
}

export interface SessionAnswers {
  /** The user a restored session yields; none: the restore answers 401. */
  user?: UserInfo | null;
  notifications?: Notification[];
  /** Keep the restore pending (the session stays `settling`). */
  restorePending?: boolean;
}

/** The session's calls answering as the server would for this user (or a visitor). */
export function sessionCalls({ user = null, notifications = [], restorePending }: SessionAnswers = {}) {
  return {
    restoreSession: async () => {
      if (restorePending) return new Promise<{ email: string }>(() => {});
      if (!user) throw new ApiError(401, 'Please sign in first.');
      return { email: user.email };
    },
    loadUser: async () => {
      if (!user) throw new ApiError(401, 'Please sign in first.');
      return user;
    },
    fetchNotifications: async () => notifications,
    logOut: async () => ({ msg: 'bye' }),
  } satisfies Partial<QuadApi>;
}

export interface RenderOptions extends SessionAnswers {
  /** API calls beyond the session's (tests/support/fakeSystem.ts answers the rest quietly). */
  calls?: Parameters<typeof fakeApi>[0];
  /** A ready fake API instead of `calls`. */
  api?: FakeApi;
  platform?: FakePlatform;
  /** The routes to render; by default the app's. */
  routes?: RouteObject[];
}

/** Renders the app's routes at `path` on a fake API and platform (signed out, returning visitor by default). */
export function renderApp(path: string, options: RenderOptions = {}) {
  const api = options.api ?? fakeApi({ ...sessionCalls(options), ...options.calls });
  const platform = options.platform ?? fakePlatform();
  const router = createMemoryRouter(options.routes ?? routes, { initialEntries: [path] });
  platform.navigate.mockImplementation(
    ({ to, replace, state }) => void router.navigate(to, { replace, state }),
  );
  const { system } = fakeSystem(api, platform);
  let app: AppActorRef | null = null;
  function KeepApp() {
    app = useRunningSystem().app;
    return null;
  }
  const user = userEvent.setup();
  const view = render(
    <QuadSystemProvider system={system}>
      <KeepApp />
      <RouterProvider router={router} />
    </QuadSystemProvider>,
  );
  const running = (): AppActorRef => {
    if (!app) throw new Error('the app did not mount');
    return app;
  };
  const session = running().system.get('session') as SessionActorRef;
  const settled = () => waitFor(session, (snapshot) => !snapshot.hasTag('busy'));
  return { ...view, router, api, platform, system, app: running(), session, settled, user };
}
