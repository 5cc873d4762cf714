/**
 * Starts the data of the screen being opened as soon as the app's code begins to run (main.tsx imports
 * this module first), so it loads while the rest of the code starts: today the home feed's first page.
 * The screen's list takes the answer (services/prefetch.ts). main.tsx waits for it a little before the
 * first render, so that the screen draws with its data in one pass instead of a skeleton first.
 */
import { fetchHomePage, HOME_FIRST_PAGE } from '../../services/api/homeFeed.ts';
import { prefetch, prefetchesSettled } from '../../services/prefetch.ts';

/**
 * The longest the first render waits for the screen's data. The answer usually comes while the code
 * still starts; a slow one shows the skeleton as before instead of holding up the page.
 */
const FIRST_RENDER_WAIT_MS = 150;

export const screenDataReady = (): Promise<void> => prefetchesSettled(FIRST_RENDER_WAIT_MS);

export function prefetchScreenData(pathname: string): void {
  if (pathname === '/') prefetch(HOME_FIRST_PAGE, () => fetchHomePage(0));
}

prefetchScreenData(window.location.pathname);
