/**
 * The actor system's platform while the server renders a page: no screen to move, no toast to show
 * yet, no timers and no event stream. What the actors ask of it is kept for the page: the toasts are
 * shown by the browser once the page runs, a navigation becomes the page's redirect.
 *
 * The machines are built once per process on `renderingPlatform`, which hands each call to the
 * platform of the render it comes from (`withServerPlatform`), found through the async context.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PublicConfig } from '../../src/domain/publicConfig.ts';
import type { Navigation, Notice } from '../../src/machines/effects.ts';
import type { Platform } from '../../src/system/platform.ts';

export interface ServerPlatform extends Platform {
  /** Toasts asked for during the render, without those whose button needs the page running. */
  readonly notices: Notice[];
  /** Where an actor sent the viewer, if one did. */
  redirect(): Navigation | null;
}

const unavailable = (what: string) => () => Promise.reject(new Error(`${what} needs the browser`));

/** Delays wait for the browser: the server renders what is true before any of them has passed. */
const heldClock = {
  setTimeout: () => 0,
  clearTimeout: () => undefined,
};

export function serverPlatform(options: {
  config: PublicConfig;
  visited: boolean;
  log(message: string, error: unknown): void;
}): ServerPlatform {
  const notices: Notice[] = [];
  let navigation: Navigation | null = null;
  return {
    notices,
    redirect: () => navigation,
    navigate: (to) => {
      navigation ??= to;
    },
    notify: (notice) => {
      if (!notice.action) notices.push(notice);
    },
    dismissNotice: (id) => {
      const at = notices.findIndex((notice) => notice.id === id);
      if (at >= 0) notices.splice(at, 1);
    },
    log: options.log,
    share: unavailable('Sharing'),
    prepareImage: unavailable('An image upload'),
    visits: { seenBefore: () => options.visited, remember: () => undefined },
    openEventStream: () => () => undefined,
    config: options.config,
    clock: heldClock,
  };
}

const renders = new AsyncLocalStorage<ServerPlatform>();

function current(): ServerPlatform {
  const platform = renders.getStore();
  if (!platform) throw new Error('the server platform was used outside a render');
  return platform;
}

/** Runs `render` with `platform` answering the calls of `renderingPlatform`. */
export const withServerPlatform = <T>(platform: ServerPlatform, render: () => T): T =>
  renders.run(platform, render);

/** The platform of whichever render is running: one actor system's machines serve every render. */
export const renderingPlatform: Platform = {
  navigate: (to) => current().navigate(to),
  notify: (notice) => current().notify(notice),
  dismissNotice: (id) => current().dismissNotice(id),
  log: (message, error) => current().log(message, error),
  share: (request) => current().share(request),
  prepareImage: (file) => current().prepareImage(file),
  visits: {
    seenBefore: () => current().visits.seenBefore(),
    remember: () => current().visits.remember(),
  },
  openEventStream: (url, names, handlers) => current().openEventStream(url, names, handlers),
  get config() {
    return current().config;
  },
  clock: heldClock,
};
