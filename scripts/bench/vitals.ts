/**
 * The SPA as a first-time visitor gets it, in Debian's Chromium (playwright-core) with the CPU slowed
 * 4x through CDP and the cache off: the JavaScript and CSS each route loads (bytes as served and
 * gzip-compressed), and LCP, CLS and a TBT proxy read with PerformanceObserver inside the page.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { type Browser, launchBrowser } from '../../tests/support/browser.ts';

export interface PageMeasured {
  failed?: undefined;
  route: string;
  path: string;
  js: AssetSum;
  css: AssetSum;
  /** The largest scripts of the page, gzip bytes. */
  largestJs: { file: string; gzip: number }[];
  /** Medians over the runs, in ms (CLS unitless). */
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  runs: number;
}

/** A page no load of which painted, or whose load threw (the browser is relaunched for the next). */
export interface PageFailed {
  route: string;
  path: string;
  failed: string;
}

export type PageLoad = PageMeasured | PageFailed;

interface AssetSum {
  files: number;
  bytes: number;
  gzip: number;
}

interface Asset {
  type: string;
  file: string;
  bytes: number;
  gzip: number;
}

interface Vitals {
  lcp: number;
  cls: number;
  fcp: number;
  longTasks: [number, number][];
}

const CPU_SLOWDOWN = 4;
const RUNS = 3;
/** Loads that painted nothing (e.g. dist/ rebuilt underneath) are retried, this many at most. */
const ATTEMPTS = RUNS * 2;
const SETTLE_MS = 2000;

/** Installed before any page script: records the entries as they come. */
const OBSERVERS = `
window.__vitals = { lcp: 0, cls: 0, fcp: 0, longTasks: [] };
const watch = (type, onEntry) => {
  try { new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true }); }
  catch (error) { console.warn('no observer for', type); }
};
watch('largest-contentful-paint', (e) => { window.__vitals.lcp = e.renderTime || e.loadTime || e.startTime; });
watch('layout-shift', (e) => { if (!e.hadRecentInput) window.__vitals.cls += e.value; });
watch('paint', (e) => { if (e.name === 'first-contentful-paint') window.__vitals.fcp = e.startTime; });
watch('longtask', (e) => { window.__vitals.longTasks.push([e.startTime, e.duration]); });
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function loadOnce(page: Page, url: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const assets: Promise<Asset>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    assets.push(
      response.body().then((body) => ({
        type,
        file: new URL(response.url()).pathname,
        bytes: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.waitForTimeout(SETTLE_MS);
  const vitals = (await page.evaluate('window.__vitals')) as Vitals;
  const sum = (type: string, list: Asset[]): AssetSum => {
    const of = list.filter((a) => a.type === type);
    return {
      files: of.length,
      bytes: of.reduce((n, a) => n + a.bytes, 0),
      gzip: of.reduce((n, a) => n + a.gzip, 0),
    };
  };
  const loaded = await Promise.all(assets);
  const tbt = vitals.longTasks
    .filter(([start]) => start >= vitals.fcp)
    .reduce((total, [, duration]) => total + Math.max(0, duration - 50), 0);
  await cdp.detach();
  const largestJs = loaded
    .filter((a) => a.type === 'script')
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map(({ file, gzip }) => ({ file, gzip }));
  return { vitals, tbt, js: sum('script', loaded), css: sum('stylesheet', loaded), largestJs };
}

async function measurePage(
  browser: Browser,
  baseUrl: string,
  route: string,
  path: string,
): Promise<PageLoad> {
  const runs = [];
  for (let attempt = 0; attempt < ATTEMPTS && runs.length < RUNS; attempt += 1) {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    try {
      const run = await loadOnce(page, `${baseUrl}${path}`);
      if (run.vitals.fcp > 0) runs.push(run);
      else console.warn(`  ${route}: nothing painted, load not counted`);
    } finally {
      await page.close().catch(() => undefined);
    }
  }
  const first = runs[0];
  if (!first) return { route, path, failed: `nothing painted in ${ATTEMPTS} loads` };
  return {
    route,
    path,
    js: first.js,
    css: first.css,
    largestJs: first.largestJs,
    lcp: median(runs.map((r) => r.vitals.lcp)),
    cls: median(runs.map((r) => r.vitals.cls)),
    tbt: median(runs.map((r) => r.tbt)),
    fcp: median(runs.map((r) => r.vitals.fcp)),
    runs: runs.length,
  };
}

async function openBrowser(): Promise<Browser> {
  const browser = await launchBrowser();
  await browser.context.addInitScript({ content: OBSERVERS });
  return browser;
}

/** Every route, each measured or failed: a failure does not stop the others. */
export async function measurePages(
  baseUrl: string,
  routes: { route: string; path: string }[],
): Promise<PageLoad[]> {
  const results: PageLoad[] = [];
  let browser: Browser | null = null;
  try {
    for (const { route, path } of routes) {
      try {
        browser ??= await openBrowser();
        results.push(await measurePage(browser, baseUrl, route, path));
      } catch (error) {
        const failed = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
        console.warn(`  ${route}: failed: ${failed}`);
        results.push({ route, path, failed });
        // The browser may be gone (closed or crashed): the next page gets a new one.
        await browser?.close().catch(() => undefined);
        browser = null;
      }
    }
    return results;
  } finally {
    await browser?.close().catch(() => undefined);
  }
}
