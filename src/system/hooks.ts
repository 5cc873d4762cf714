/**
 * The one way a view gets an actor: the app's long-lived actors by their systemId, and screen actors
 * created in the same system (the app is their parent, so Stately Inspect shows one tree).
 */
import type { ActorOptions, ActorRefFrom, AnyActorLogic, AnyActorRef } from 'xstate';
import type { PublicConfig } from '../domain/publicConfig.ts';
import type {
  NotificationsPanelActorRef,
  RoomListsActorRef,
  SearchActorRef,
  SessionActorRef,
  WelcomeActorRef,
} from './appActors.ts';
import type { Platform } from './platform.ts';
import { useRunningSystem } from './QuadSystemProvider.tsx';
import type { QuadSystem } from './quadSystem.ts';
import { useChildActor } from './useChildActor.ts';

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
