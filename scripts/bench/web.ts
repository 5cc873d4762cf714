/**
 * The web section of the bench: puts photos at the top of the home feed, runs Lighthouse on the
 * public pages (lighthouse.ts), measures the first load of / and checks the issue-15 targets.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Fixtures } from './fixtures.ts';
import type { Session } from './http.ts';
import { CHROMIUM_PATH, gzipBytes, lighthousePages, type WebPage, type WebResult } from './lighthouse.ts';
import { PHOTO_POSTS, postPhotos } from './photos.ts';

/** Issue 29's targets (the first screen from the server); the page bytes from issue 15. */
export const WEB_TARGETS = {
  mobilePerformanceMin: 95,
  accessibility: 100,
  mobileLcpMaxMs: 1500,
  tbtMaxMs: 150,
  clsMax: 0.05,
  homeJsGzipMaxKb: 100,
  homeBytesMaxKb: 400,
} as const;

export interface WebSection {
  date: string;
  lighthouse: string;
  chromium: string;
  /** Photo posts at the top of / (posted by this run or an earlier one on the same database). */
  photoPosts: number;
  pages: Omit<WebResult, 'scripts'>[];
  /** The first load of / in the median mobile run. */
  home: { jsGzipBytes: number; scripts: number; totalBytes: number } | null;
  verdicts: string[];
}

export function webPages(fixtures: Fixtures): WebPage[] {
  const room = fixtures.publicRooms[0];
  const profile = fixtures.profiles[0];
  const post = fixtures.detailPosts[0];
  return [
    { route: '/', path: '/' },
    { route: '/about', path: '/about' },
    { route: '/signin', path: '/signin' },
    { route: '/q/{topic}', path: '/q/dsa' },
    ...(post ? [{ route: '/post/{id}', path: `/post/${post}` }] : []),
    ...(profile ? [{ route: '/u/{name}', path: `/u/${encodeURIComponent(profile)}` }] : []),
    ...(room
      ? [
          {
            route: '/room/{creator}/{title}',
            path: `/room/${room.creatorId}/${encodeURIComponent(room.title)}`,
          },
        ]
      : []),
  ];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** One line per target: met (with the figure), or missed and by how much. */
export function webVerdicts(pages: WebSection['pages'], home: WebSection['home']): string[] {
  const t = WEB_TARGETS;
  const measured = pages.filter((p) => !p.failed);
  const mobile = measured.filter((p) => p.formFactor === 'mobile');
  const range = (values: number[]) => `${Math.min(...values)} to ${Math.max(...values)}`;
  const lines: string[] = [];
  const check = (name: string, misses: string[], figure: string) =>
    lines.push(misses.length ? `MISSED: ${name}: ${misses.join('; ')}` : `met: ${name} (${figure})`);
  const failed = pages.filter((p) => p.failed);
  if (failed.length)
    lines.push(`MISSED: ${failed.map((p) => `${p.formFactor} ${p.route}`).join(', ')} failed`);
  check(
    `mobile Performance >= ${t.mobilePerformanceMin}`,
    mobile
      .filter((p) => (p.performance ?? 0) < t.mobilePerformanceMin)
      .map((p) => `${p.route} ${p.performance} (${t.mobilePerformanceMin - (p.performance ?? 0)} short)`),
    range(mobile.map((p) => p.performance ?? 0)),
  );
  check(
    `Accessibility ${t.accessibility} on every page`,
    measured
      .filter((p) => p.accessibility !== t.accessibility)
      .map(
        (p) => `${p.formFactor} ${p.route} ${p.accessibility} (${p.failedAccessibilityAudits?.join(', ')})`,
      ),
    'every page',
  );
  check(
    `mobile LCP < ${t.mobileLcpMaxMs} ms`,
    mobile
      .filter((p) => (p.lcpMs ?? 0) >= t.mobileLcpMaxMs)
      .map((p) => `${p.route} ${p.lcpMs} ms (+${(p.lcpMs ?? 0) - t.mobileLcpMaxMs} ms)`),
    `${range(mobile.map((p) => p.lcpMs ?? 0))} ms`,
  );
  check(
    `CLS < ${t.clsMax}`,
    measured.filter((p) => (p.cls ?? 0) >= t.clsMax).map((p) => `${p.formFactor} ${p.route} ${p.cls}`),
    `${range(measured.map((p) => p.cls ?? 0))}`,
  );
  check(
    `TBT < ${t.tbtMaxMs} ms`,
    measured
      .filter((p) => (p.tbtMs ?? 0) >= t.tbtMaxMs)
      .map((p) => `${p.formFactor} ${p.route} ${p.tbtMs} ms (+${(p.tbtMs ?? 0) - t.tbtMaxMs} ms)`),
    `${range(measured.map((p) => p.tbtMs ?? 0))} ms`,
  );
  if (!home) return [...lines, 'MISSED: the first load of / was not measured'];
  const over = (bytes: number, maxKb: number) =>
    bytes / 1024 < maxKb ? [] : [`${kb(bytes)} KB (+${(bytes / 1024 - maxKb).toFixed(1)} KB)`];
  check(
    `first-load JS of / < ${t.homeJsGzipMaxKb} KB gzip`,
    over(home.jsGzipBytes, t.homeJsGzipMaxKb),
    `${kb(home.jsGzipBytes)} KB`,
  );
  check(
    `first-load bytes of / < ${t.homeBytesMaxKb} KB`,
    over(home.totalBytes, t.homeBytesMaxKb),
    `${kb(home.totalBytes)} KB`,
  );
  return lines;
}

const lighthouseVersion = () =>
  (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;

const chromiumVersion = () => execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim();

export async function measureWeb(url: string, fixtures: Fixtures, sessions: Session[]): Promise<WebSection> {
  const posted = await postPhotos(url, sessions);
  console.log(posted ? `Posted ${posted} photo posts to the top of /` : 'Photo posts already on top of /');
  const results = await lighthousePages(url, webPages(fixtures));
  const homeRun = results.find((r) => r.formFactor === 'mobile' && r.route === '/' && !r.failed);
  const home = homeRun
    ? {
        jsGzipBytes: await gzipBytes(homeRun.scripts ?? []),
        scripts: homeRun.scripts?.length ?? 0,
        totalBytes: homeRun.totalBytes ?? 0,
      }
    : null;
  const pages = results.map(({ scripts: _scripts, ...rest }) => rest);
  return {
    date: new Date().toISOString(),
    lighthouse: lighthouseVersion(),
    chromium: chromiumVersion(),
    photoPosts: PHOTO_POSTS,
    pages,
    home,
    verdicts: webVerdicts(pages, home),
  };
}
