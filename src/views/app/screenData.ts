/**
 * Starts the data of the screen being opened as soon as the app's code begins to run (main.tsx imports
 * this module first), so it loads while the rest of the code starts: today the home feed's first page.
 * The screen's list takes the answer (services/prefetch.ts).
 */
import { fetchHomePage, HOME_FIRST_PAGE } from '../../services/api/homeFeed.ts';
import { prefetch } from '../../services/prefetch.ts';

export function prefetchScreenData(pathname: string): void {
  if (pathname === '/') prefetch(HOME_FIRST_PAGE, () => fetchHomePage(0));
}

prefetchScreenData(window.location.pathname);
