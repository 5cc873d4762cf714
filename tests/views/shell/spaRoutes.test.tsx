/**
 * The server's list of screens (src/domain/spaRoutes.ts, which decides 200 or 404) and the app's
 * route table (src/views/app/routes.tsx) agree: the same paths, and the same answer for any path.
 */
import { readFileSync } from 'node:fs';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { isSpaRoute, robotsTxt, SPA_ROUTES } from '../../../src/domain/spaRoutes.ts';
import { routes } from '../../../src/views/app/routes.tsx';

/** Every screen's full path in the route table (layouts and index routes folded in; not the `*`). */
function screenPatterns(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const path = route.index || !route.path ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    if (route.path === '*') return [];
    if (route.children) return screenPatterns(route.children, path);
    return [path || '/'];
  });
}

/** Whether react-router shows a screen at `pathname` (its `*` route is the 404 screen). */
function routerShowsScreen(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.length > 0 && matches.at(-1)?.route.path !== '*';
}

const filled = SPA_ROUTES.map(({ pattern }) => pattern.replace(/:[A-Za-z]+/g, 'Abc-1'));
const paths = [
  ...filled,
  ...filled.map((path) => `${path}/`),
  ...filled.map((path) => `${path}//`),
  ...filled.map((path) => path.toUpperCase()),
  ...filled.map((path) => `${path}/extra`),
  ...filled.map((path) => path.replace(/\/[^/]*$/, '') || '/'),
  '/sign%69n',
  '/post/a%2Fb',
  '/room/a%20b/c%',
  '/%',
  '//signin',
  '/post//x',
  '/u//overview',
  '/nonsense',
  '/robots.txt',
  '/favicon.ico',
  '/sitemap.xml',
  '/q/cooking',
  '/settings',
  '/index.html',
];

describe('the server and the app list the same screens', () => {
  it('has one pattern for each screen of the route table', () => {
    const fromTable = screenPatterns(routes);
    expect(new Set(fromTable).size).toBe(fromTable.length);
    expect([...fromTable].sort()).toEqual(SPA_ROUTES.map((route) => route.pattern).sort());
  });

  it('agree on every path: screens, trailing slashes, case, escapes, one segment more or less', () => {
    // react-router warns about the malformed escapes ('%'), then matches the path as it is.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = paths.map((path) => ({ path, server: isSpaRoute(path), app: routerShowsScreen(path) }));
    warn.mockRestore();
    expect(answers.filter(({ server, app }) => server !== app)).toEqual([]);
    // Both kinds are among them.
    expect(answers.filter(({ server }) => server).length).toBeGreaterThan(SPA_ROUTES.length);
    expect(answers.filter(({ server }) => !server).length).toBeGreaterThan(SPA_ROUTES.length);
  });

  it('lets crawlers fetch every screen marked crawl, and none of the others', () => {
    const disallowed = robotsTxt()
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    const blocked = (path: string) => disallowed.some((rule) => path.startsWith(rule));
    for (const [i, route] of SPA_ROUTES.entries()) {
      const path = filled[i] ?? '';
      expect({ path, blocked: blocked(path) }).toEqual({ path, blocked: !route.crawl });
      expect({ path, blocked: blocked(`${path}/`) }).toEqual({ path, blocked: !route.crawl });
    }
    expect(blocked('/api/posts/getPost')).toBe(true);
  });

  it("names as each route's screen a module the route table loads lazily, and every such module is one", () => {
    const table = readFileSync('src/views/app/routes.tsx', 'utf8');
    const lazilyLoaded = [...table.matchAll(/import\('\.\.\/pages\/([^']+)'\)/g)].map(
      (m) => `src/views/pages/${m[1]}`,
    );
    const screens = new Set(SPA_ROUTES.flatMap((route) => (route.screen ? [route.screen] : [])));
    expect([...screens].sort()).toEqual([...new Set(lazilyLoaded)].sort());
    expect(SPA_ROUTES.filter((route) => !route.screen).map((route) => route.pattern)).toEqual(['/']);
  });
});
