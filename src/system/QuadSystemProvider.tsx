/**
 * Starts the app's one actor system when the app mounts and stops it when it unmounts, and hands it
 * to the views below. Views reach actors only through the hooks of hooks.ts. On the server the root
 * actor is the one the render already runs (firstScreen.ts); in the browser it starts from the
 * snapshot the server embedded, when there is one.
 */
import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ServerRenderContext } from './firstScreen.ts';
import type { QuadSystem } from './quadSystem.ts';

export type AppActorRef = ActorRefFrom<QuadSystem['app']>;

interface Running {
  system: QuadSystem;
  app: AppActorRef;
}

const RunningSystem = createContext<Running | null>(null);

function useAppActor(system: QuadSystem): AppActorRef {
  const { clock } = system.platform;
  const snapshot = system.firstScreen.app();
  return useActorRef(system.app, {
    input: { visited: system.platform.visits.seenBefore() },
    inspect: system.inspect,
    ...(snapshot ? { snapshot } : {}),
    // An explicit undefined clock would replace xstate's timers.
    ...(clock ? { clock } : {}),
  });
}

export function QuadSystemProvider({ system, children }: { system: QuadSystem; children: ReactNode }) {
  const server = useContext(ServerRenderContext);
  // One branch for the life of the process (the server renders, the browser runs), so the hooks
  // called stay the same from render to render; the tree stays the same for hydration's ids.
  // biome-ignore lint/correctness/useHookAtTopLevel: see above
  const app = server ? (server.app as AppActorRef) : useAppActor(system);
  const running = useMemo(() => ({ system, app }), [system, app]);
  return <RunningSystem.Provider value={running}>{children}</RunningSystem.Provider>;
}

export function useRunningSystem(): Running {
  const running = useContext(RunningSystem);
  if (!running) throw new Error('QuadSystemProvider is missing above this view');
  return running;
}
