/**
 * Starts the app's one actor system when the app mounts and stops it when it unmounts, and hands it
 * to the views below. Views reach actors only through the hooks of hooks.ts.
 */
import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { QuadSystem } from './quadSystem.ts';

export type AppActorRef = ActorRefFrom<QuadSystem['app']>;

interface Running {
  system: QuadSystem;
  app: AppActorRef;
}

const RunningSystem = createContext<Running | null>(null);

export function QuadSystemProvider({ system, children }: { system: QuadSystem; children: ReactNode }) {
  const { clock } = system.platform;
  const app = useActorRef(system.app, {
    input: { visited: system.platform.visits.seenBefore() },
    inspect: system.inspect,
    // An explicit undefined clock would replace xstate's timers.
    ...(clock ? { clock } : {}),
  });
  const running = useMemo(() => ({ system, app }), [system, app]);
  return <RunningSystem.Provider value={running}>{children}</RunningSystem.Provider>;
}

export function useRunningSystem(): Running {
  const running = useContext(RunningSystem);
  if (!running) throw new Error('QuadSystemProvider is missing above this view');
  return running;
}
