/**
 * The one way a view gets an actor: the app's long-lived actors by their systemId, and screen actors
 * created in the same system (the app is their parent, so Stately Inspect shows one tree).
 */
import { use, useContext, useId, useSyncExternalStore } from 'react';
import {
  type ActorOptions,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  createActor,
} from 'xstate';
import type { PublicConfig } from '../domain/publicConfig.ts';
import type {
  NotificationsPanelActorRef,
  RoomListsActorRef,
  SearchActorRef,
  SessionActorRef,
  WelcomeActorRef,
} from './appActors.ts';
import { type ServerRender, ServerRenderContext } from './firstScreen.ts';
import type { Platform } from './platform.ts';
import { useRunningSystem } from './QuadSystemProvider.tsx';
import type { QuadSystem } from './quadSystem.ts';
import { useChildActor, useChildActorOnDemand } from './useChildActor.ts';

function useAppChild<R extends AnyActorRef>(systemId: string): R {
  const { app } = useRunningSystem();
  const actor = app.system.get(systemId);
  if (!actor) throw new Error(`the app runs no actor '${systemId}'`);
  return actor as R;
}

export const useSessionActor = () => useAppChild<SessionActorRef>('session');
export const useWelcomeActor = () => useAppChild<WelcomeActorRef>('welcome');
export const useNotificationsPanelActor = () => useAppChild<NotificationsPanelActorRef>('notificationsPanel');
export const useSearchActor = () => useAppChild<SearchActorRef>('search');
export const useRoomListsActor = () => useAppChild<RoomListsActorRef>('roomLists');

/** The machines of an area (feed.ts, roomPage.ts, ...) on the running system. */
export function useMachines<M>(area: (system: QuadSystem) => M): M {
  return useRunningSystem().system.machinesOf(area);
}

/** A screen actor of `logic`, started with the component and stopped with it, in the app's system. */
export function useScreenActor<T extends AnyActorLogic>(
  logic: T,
  options: Omit<ActorOptions<T>, 'parent'> = {},
): ActorRefFrom<T> {
  const { app } = useRunningSystem();
  return useChildActor(app, logic, options) as ActorRefFrom<T>;
}

/** A screen actor of `logic` made on the first `ensure()` (a menu's flow), in the app's system. */
export function useScreenActorOnDemand<T extends AnyActorLogic>(
  logic: T,
  options: Omit<ActorOptions<T>, 'parent'> = {},
) {
  const { app } = useRunningSystem();
  return useChildActorOnDemand(app, logic, options);
}

/**
 * A screen actor that loads the screen's data (a feed, a post, a profile, a room). On the server it is
 * started and the render waits until its first data is in; in the browser the first screen's actor
 * starts from the snapshot the server embedded (firstScreen.ts), and later ones load as usual.
 */
export function useScreenDataActor<T extends AnyActorLogic>(
  logic: T,
  options: Omit<ActorOptions<T>, 'parent' | 'snapshot'> = {},
): ActorRefFrom<T> {
  const key = useId();
  const server = useContext(ServerRenderContext);
  // One branch for the life of the process (the server renders, the browser runs).
  // biome-ignore lint/correctness/useHookAtTopLevel: see above
  return server ? serverDataActor(server, key, logic, options) : useBrowserDataActor(key, logic, options);
}

/** The render's actor for `key`, started on first ask; the render waits (Suspense) for its first data. */
function serverDataActor<T extends AnyActorLogic>(
  server: ServerRender,
  key: string,
  logic: T,
  options: Omit<ActorOptions<T>, 'parent' | 'snapshot'>,
): ActorRefFrom<T> {
  const { actor, ready } = server.dataActor(key, () =>
    createActor(logic, { id: key, ...options, parent: server.app } as ActorOptions<T>),
  );
  if (ready) use(ready);
  return actor as ActorRefFrom<T>;
}

function useBrowserDataActor<T extends AnyActorLogic>(
  key: string,
  logic: T,
  options: Omit<ActorOptions<T>, 'parent' | 'snapshot'>,
): ActorRefFrom<T> {
  const { app, system } = useRunningSystem();
  const snapshot = system.firstScreen.screen(key);
  const named = { id: key, ...options };
  return useChildActor(app, logic, snapshot ? { ...named, snapshot } : named) as ActorRefFrom<T>;
}

/**
 * The spec's wait before a list's first load (500 ms on topic pages, 1,500 ms on room feeds): for
 * screens opened inside the app. The first screen's lists come loaded from the server, without it.
 */
export const useFirstLoadDelay = (delay: number): number => (useContext(ServerRenderContext) ? 0 : delay);

const neverChanges = () => () => undefined;

/**
 * The moment the server drew the page, while the server draws it and the browser hydrates it, so that
 * times ("5 minutes ago") hydrate as they were drawn; undefined once the page runs (now is now).
 */
export function useRenderedAt(): number | undefined {
  const server = useContext(ServerRenderContext);
  const { system } = useRunningSystem();
  return useSyncExternalStore(
    neverChanges,
    () => undefined,
    () => server?.renderedAt ?? system.firstScreen.renderedAt(),
  );
}

/** The server's public configuration (college domain, the About page's creators). */
export const useConfig = (): PublicConfig => useRunningSystem().system.platform.config;

/** Shares a link: the device's share sheet, else the link copied (spec §8 Share). */
export const useShare = (): Platform['share'] => useRunningSystem().system.platform.share;

export type {
  NotificationsPanelActorRef,
  RoomListsActorRef,
  SearchActorRef,
  SessionActorRef,
  WelcomeActorRef,
} from './appActors.ts';
