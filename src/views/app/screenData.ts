/**
 * Starts the data of the screen being opened as soon as the app's code begins to run (main.tsx imports
 * this module first), so it loads while the rest of the code starts: the home feed's first page on /,
 * the post on a post page (where shared links land). The screen takes the answer (services/prefetch.ts).
 * On / main.tsx waits for it a little before the first render, so that the feed draws with its data in
 * one pass instead of a skeleton first.
 */
import { fetchHomePage, HOME_FIRST_PAGE } from '../../services/api/homeFeed.ts';
import { fetchPost, postPageKey } from '../../services/api/posts.ts';
import { prefetch, prefetchesSettled } from '../../services/prefetch.ts';

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

const startup = screenDataOf(window.location.pathname);
if (startup) prefetch(startup.key, startup.request);

export const screenDataReady = (): Promise<void> =>
  startup?.drawnFirst ? prefetchesSettled(FIRST_RENDER_WAIT_MS) : Promise.resolve();
