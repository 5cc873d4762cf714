/**
 * The actor system's platform while the server renders a page: no screen to move, no toast to show
 * yet, no timers and no event stream. What the actors ask of it is kept for the page: the toasts are
 * shown by the browser once the page runs, a navigation becomes the page's redirect.
 */
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
