/**
 * Starts the data of the screen being opened as soon as the app starts (main.tsx calls this before
 * anything else), so it loads while the rest of the app starts: the silent session restore on every
 * screen (so a signed-in person is known by the time they can click), the home feed's first page on /,
 * the post on a post page (where shared links land). The screen takes the answer (services/prefetch.ts,
 * through api.ts). On / the first render waits for it a little, so that the feed draws with its data
 * in one pass instead of a skeleton first.
 */
import { restoreSession, SESSION_RESTORE } from '../services/api/auth.ts';
import { fetchHomePage, HOME_FIRST_PAGE } from '../services/api/homeFeed.ts';
import { fetchPost, postPageKey } from '../services/api/posts.ts';
import { prefetch, prefetchesSettled } from '../services/prefetch.ts';

/**
 * The longest the first render waits for the screen's data. The answer usually comes while the code
 * still starts; a slow one shows the skeleton as before instead of holding up the page.
 */
const FIRST_RENDER_WAIT_MS = 150;

/** /post/{postId} and /post/{roomId}/{postId} (spec §2). */
const POST_PATH = /^\/post\/(?:[^/]+\/)?([^/]+)\/?$/;

interface ScreenData {
  key: string;
  request: () => Promise<unknown>;
  /** Whether the first render draws it; otherwise the screen's code is still to load then. */
  drawnFirst: boolean;
}

export function screenDataOf(pathname: string): ScreenData | null {
  if (pathname === '/') return { key: HOME_FIRST_PAGE, request: () => fetchHomePage(0), drawnFirst: true };
  const postId = POST_PATH.exec(pathname)?.[1];
  if (postId) return { key: postPageKey(postId), request: () => fetchPost(postId), drawnFirst: false };
  return null;
}

/** Asks for the data of the screen at `pathname`; resolves when the first render should go ahead. */
export function prefetchScreenData(pathname: string): Promise<void> {
  prefetch(SESSION_RESTORE, restoreSession);
  const startup = screenDataOf(pathname);
  if (!startup) return Promise.resolve();
  prefetch(startup.key, startup.request);
  return startup.drawnFirst ? prefetchesSettled(FIRST_RENDER_WAIT_MS) : Promise.resolve();
}
