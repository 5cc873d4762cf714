/** The real browser as the actor system's platform: the router, toasts, share sheet, storage, event streams. */
import { STORAGE_KEYS } from '../domain/constants.ts';
import type { Navigation } from '../machines/effects.ts';
import { readPublicConfig } from '../services/config.ts';
import { openEventStream } from '../services/eventStream.ts';
import { prepareImage } from '../services/images.ts';
import { share } from '../services/share.ts';
import type { Platform } from './platform.ts';
import { toastWithAction } from './toastAction.ts';
import { dismissToast, withToast } from './toasts.ts';

/** The browser history the router follows (react-router's, see main.tsx). */
interface History {
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
}

/** Kept in a cookie too, so that the server draws the first screen without the overlay as well. */
const VISITED_COOKIE = 'quad_visited';
const ONE_YEAR_S = 365 * 24 * 3600;

function seenBefore(): boolean {
  if (document.cookie.split('; ').some((cookie) => cookie.startsWith(`${VISITED_COOKIE}=`))) return true;
  try {
    return localStorage.getItem(STORAGE_KEYS.visited) !== null;
  } catch {
    return false;
  }
}

function remember(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${VISITED_COOKIE}=1; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
  try {
    localStorage.setItem(STORAGE_KEYS.visited, 'true');
  } catch {
    // storage may be unavailable (private mode): the cookie remembers
  }
}

const notify: Platform['notify'] = ({ kind, text, id, duration, action }) =>
  withToast((toast) => {
    const message = action
      ? (shown: { id: string }) => toastWithAction(text, action, () => toast.dismiss(shown.id))
      : text;
    if (kind === 'blank') toast(message, { id, duration });
    else toast[kind](message, { id, duration });
  });

export function browserPlatform(history: History): Platform {
  return {
    navigate: ({ to, replace, state }: Navigation) =>
      replace ? history.replace(to, state) : history.push(to, state),
    notify,
    dismissNotice: dismissToast,
    log: (message, error) => console.warn(message, error),
    share: (request) => share(request, notify),
    prepareImage,
    visits: { seenBefore, remember },
    openEventStream,
    config: readPublicConfig(),
  };
}
