/**
 * Visitors' pages, kept a few seconds (VISITOR_PAGE_SECONDS, 3 by default): every visitor at an address sees the same page (no session,
 * no votes, no bell), so a crowd opening a shared link costs one render. Never a signed-in page: the
 * caller asks only for viewers without a session cookie. A page is keyed by its address and by the
 * welcome overlay's cookie, the one other thing a visitor's page depends on.
 */

import type { EncodedPage } from '../infra/htmlEncoding.ts';

/** The most pages kept; the oldest go first. */
const MAX_PAGES = 500;

export function visitorPages(ttlMs: number, now: () => number = Date.now) {
  const pages = new Map<string, { page: EncodedPage; until: number }>();
  const keyOf = (url: string, visited: boolean) => `${visited ? 1 : 0} ${url}`;
  return {
    /** The page while it is fresh, with the compressed copies already sent. */
    get(url: string, visited: boolean): EncodedPage | null {
      const key = keyOf(url, visited);
      const page = pages.get(key);
      if (!page) return null;
      if (page.until > now()) return page.page;
      pages.delete(key);
      return null;
    },
    set(url: string, visited: boolean, page: EncodedPage): void {
      if (ttlMs === 0) return;
      if (pages.size >= MAX_PAGES) {
        const oldest = pages.keys().next().value;
        if (oldest !== undefined) pages.delete(oldest);
      }
      pages.set(keyOf(url, visited), { page, until: now() + ttlMs });
    },
  };
}
