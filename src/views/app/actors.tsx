/**
 * The app-wide actors the views read, handed down by context so that tests can render any screen with
 * their own actors (a real machine with fake services) instead of the live ones of `live/`.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { notificationsPanelMachine } from '../../machines/notificationsPanel.machine.ts';
import type { searchMachine } from '../../machines/search.machine.ts';
import type { sessionMachine } from '../../machines/session.machine.ts';
import type { welcomeMachine } from '../../machines/welcome.machine.ts';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type WelcomeActorRef = ActorRefFrom<typeof welcomeMachine>;
export type NotificationsPanelActorRef = ActorRefFrom<typeof notificationsPanelMachine>;
export type SearchActorRef = ActorRefFrom<typeof searchMachine>;

export interface AppActors {
  session: SessionActorRef;
  welcome: WelcomeActorRef;
  notifications: NotificationsPanelActorRef;
  search: SearchActorRef;
}

const AppActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('AppActorsProvider is missing above this view');
  return actors;
}

export const useSessionActor = (): SessionActorRef => useAppActors().session;
export const useWelcomeActor = (): WelcomeActorRef => useAppActors().welcome;
export const useNotificationsPanelActor = (): NotificationsPanelActorRef => useAppActors().notifications;
export const useSearchActor = (): SearchActorRef => useAppActors().search;
