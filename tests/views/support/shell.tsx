/** Renders the real routes and shell with test actors: a real session machine on fake services. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Notification, UserInfo } from '../../../src/domain/entities.ts';
import type { Navigation, Notice } from '../../../src/machines/effects.ts';
import {
  type JoinRequest,
  notificationsPanelMachine,
} from '../../../src/machines/notificationsPanel.machine.ts';
import { type RoomLists, roomListsMachine } from '../../../src/machines/roomLists.machine.ts';
import { type SearchResults, searchMachine } from '../../../src/machines/search.machine.ts';
import { sessionMachine } from '../../../src/machines/session.machine.ts';
import { welcomeMachine } from '../../../src/machines/welcome.machine.ts';
import { ApiError } from '../../../src/services/http.ts';
import { type AppActors, AppActorsProvider } from '../../../src/views/app/actors.tsx';
import { FeedMachinesProvider } from '../../../src/views/app/feedMachines.tsx';
import { routes } from '../../../src/views/app/routes.tsx';
import { RoomMachinesProvider } from '../../../src/views/components/rooms/roomsContext.tsx';
import { makeUser } from '../../support/users.ts';
import { type FakeFeedApi, fakeFeedApi, fakeFeedMachines } from './feeds.tsx';

export const testUser: UserInfo = makeUser();

const emptyRoomLists: RoomLists = { mine: [], publicNotJoined: [] };

export function testNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    postId: 'p1',
    title: 'New vote',
    body: 'upvoted your post!',
    fromUser: 'u2',
    toUser: 'u1',
    isRead: false,
    createdAt: '2025-01-02T00:00:00.000Z',
    user2: { username: 'brave_fox' },
    ...overrides,
  };
}

interface SessionOptions {
  /** The user a restored session yields; none: the restore answers 401. */
  user?: UserInfo | null;
  notifications?: Notification[];
  /** Navigation requests of the machine; defaults to a spy. */
  navigate?: (navigation: Navigation) => void;
  /** Keep the restore pending (the session stays `settling`). */
  restorePending?: boolean;
}

export function createTestSession({
  user = null,
  notifications = [],
  navigate,
  restorePending,
}: SessionOptions = {}) {
  const notify = vi.fn((_notice: Notice) => {});
  const navigations = vi.fn((_navigation: Navigation) => {});
  const logOut = vi.fn(async () => ({ msg: 'bye' }));
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => {
          if (restorePending) return new Promise<{ email: string }>(() => {});
          if (!user) throw new ApiError(401, 'Please sign in first.');
          return { email: user.email };
        }),
        loadUser: fromPromise(async () => {
          if (!user) throw new ApiError(401, 'Please sign in first.');
          return user;
        }),
        fetchNotifications: fromPromise(async () => notifications),
        logOut: fromPromise<unknown>(() => logOut()),
      },
      actions: {
        notify: (_, notice) => notify(notice),
        navigate: (_, navigation) => {
          navigations(navigation);
          navigate?.(navigation);
        },
      },
    }),
  );
  actor.start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
  return { actor, notify, navigations, logOut, settled };
}

/** The notifications panel on fake calls, telling the given session what became read. */
export function createTestNotificationsPanel(session: ReturnType<typeof createTestSession>) {
  const calls = {
    markRead: vi.fn(async (_id: string) => ({ msg: 'Notification marked as read' })),
    markAllRead: vi.fn(async () => ({ msg: 'All notifications marked as read' })),
    acceptRequest: vi.fn(async (_title: string, _fromUser: string) => ({ msg: 'Request accepted' })),
  };
  const actor = createActor(
    notificationsPanelMachine.provide({
      actors: {
        markRead: fromPromise<unknown, { id: string }>(({ input }) => calls.markRead(input.id)),
        markAllRead: fromPromise<unknown>(() => calls.markAllRead()),
        acceptRequest: fromPromise<{ msg: string }, JoinRequest>(({ input }) =>
          calls.acceptRequest(input.title, input.fromUser),
        ),
      },
      actions: {
        notify: (_, notice) => session.notify(notice),
        navigate: (_, navigation) => session.navigations(navigation),
        read: (_, { id }) => session.actor.send({ type: 'notification.read', id }),
        readAll: () => session.actor.send({ type: 'notifications.readAll' }),
        refresh: () => session.actor.send({ type: 'notifications.refresh' }),
      },
    }),
  );
  actor.start();
  return { actor, calls };
}

/** The search box on a fake search, reporting through the given session's spies. */
export function createTestSearch(
  session: ReturnType<typeof createTestSession>,
  results: SearchResults = { users: [], rooms: [] },
) {
  const search = vi.fn(async (_key: string) => results);
  const actor = createActor(
    searchMachine.provide({
      actors: {
        search: fromPromise<SearchResults, { key: string }>(({ input }) => search(input.key)),
      },
      actions: {
        notify: (_, notice) => session.notify(notice),
        navigate: (_, navigation) => session.navigations(navigation),
      },
    }),
  );
  actor.start();
  return { actor, search };
}

/** Every app-wide actor for a test: the given session, and the others on fakes. */
export function testAppActors(
  session: ReturnType<typeof createTestSession>,
  others: Partial<Omit<AppActors, 'session'>> = {},
): AppActors {
  return {
    session: session.actor,
    welcome: others.welcome ?? createTestWelcome(true).actor,
    notifications: others.notifications ?? createTestNotificationsPanel(session).actor,
    search: others.search ?? createTestSearch(session).actor,
  };
}

export function createTestWelcome(visited = true) {
  const rememberVisit = vi.fn();
  const actor = createActor(welcomeMachine.provide({ actions: { rememberVisit } }), { input: { visited } });
  actor.start();
  return { actor, rememberVisit };
}

interface RenderOptions {
  session?: ReturnType<typeof createTestSession>;
  welcome?: ReturnType<typeof createTestWelcome>;
  panel?: ReturnType<typeof createTestNotificationsPanel>;
  search?: ReturnType<typeof createTestSearch>;
  /** The routes to render; by default the app's, with the feed services below. */
  routes?: RouteObject[];
  /** The feed services of the default routes: quiet fakes unless given, so no page calls the network. */
  feeds?: FakeFeedApi;
}

/** Renders the app's routes at `path` with the given actors (signed out, returning visitor by default). */
export function renderApp(path: string, options: RenderOptions = {}) {
  let router: ReturnType<typeof createMemoryRouter> | null = null;
  const session =
    options.session ??
    createTestSession({ navigate: ({ to, replace }) => void router?.navigate(to, { replace }) });
  const welcome = options.welcome ?? createTestWelcome(true);
  const feeds = fakeFeedMachines(options.feeds ?? fakeFeedApi(), ({ to, replace }) => {
    void router?.navigate(to, { replace });
  });
  const withFeeds: RouteObject[] = [
    {
      element: (
        <FeedMachinesProvider machines={feeds}>
          <Outlet />
        </FeedMachinesProvider>
      ),
      children: routes,
    },
  ];
  router = createMemoryRouter(options.routes ?? withFeeds, { initialEntries: [path] });
  const panel = options.panel ?? createTestNotificationsPanel(session);
  const search = options.search ?? createTestSearch(session);
  const actors = testAppActors(session, {
    welcome: welcome.actor,
    notifications: panel.actor,
    search: search.actor,
  });
  // The side navigation's room lists, empty, instead of the live actor that would call the API.
  const roomLists = createActor(
    roomListsMachine.provide({
      actors: { loadRooms: fromPromise<RoomLists, { viewerId: string }>(async () => emptyRoomLists) },
    }),
    { input: { viewerId: null } },
  ).start();
  const user = userEvent.setup();
  const view = render(
    <AppActorsProvider actors={actors}>
      <RoomMachinesProvider roomLists={roomLists}>
        <RouterProvider router={router} />
      </RoomMachinesProvider>
    </AppActorsProvider>,
  );
  return { ...view, router, session, welcome, panel, search, user };
}

/** The app at `path` with these fake feed services; the session as given (signed out by default). */
export const renderFeeds = (path: string, api: FakeFeedApi, options: RenderOptions = {}) =>
  renderApp(path, { ...options, feeds: api });
