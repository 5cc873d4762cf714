/**
 * `createQuadSystem(api, platform)`: the one factory of the app's behaviour (DESIGN.md §3). It joins
 * every chart of src/machines to the API client and the browser platform, and is the one place that
 * imports both machines and services. The app calls it with the real ones (main.tsx), tests with
 * fakes. Nothing runs until the app mounts: QuadSystemProvider then starts `app`, the root of the one
 * actor system, and screen actors join that system through the hooks of hooks.ts.
 *
 * A screen's machines are built by its area's factory (feed.ts, roomPage.ts, ...) on first use and
 * kept (`machinesOf`), so a code-split screen brings its own factory with it.
 */
import type { InspectionEvent } from 'xstate';
import type { QuadApi } from './api.ts';
import { appLogic } from './appActors.ts';
import { type FirstScreen, firstScreenOf } from './firstScreen.ts';
import type { Platform } from './platform.ts';

export interface QuadSystem {
  api: QuadApi;
  platform: Platform;
  /** The root machine, its long-lived children provided. */
  app: ReturnType<typeof appLogic>;
  /** The machines an area factory builds on this system, built once. */
  machinesOf<M>(area: (system: QuadSystem) => M): M;
  /** Stately Inspect's observer, when inspection was asked for. */
  inspect?: (event: InspectionEvent) => void;
  /** The snapshots the server embedded with the page, until the first navigation. */
  firstScreen: FirstScreen;
}

export function createQuadSystem(
  api: QuadApi,
  platform: Platform,
  options: { inspect?: (event: InspectionEvent) => void; firstScreen?: FirstScreen } = {},
): QuadSystem {
  const built = new Map<unknown, unknown>();
  const system: QuadSystem = {
    api,
    platform,
    app: appLogic(api, platform),
    inspect: options.inspect,
    firstScreen: options.firstScreen ?? firstScreenOf(null),
    machinesOf: (area) => {
      if (!built.has(area)) built.set(area, area(system));
      return built.get(area) as ReturnType<typeof area>;
    },
  };
  return system;
}
