/**
 * The web section: Lighthouse on Debian's Chromium (chrome-launcher, one browser per page and form
 * factor), mobile with Lighthouse's default emulation and simulated throttling and desktop with its
 * desktop config, the median of RUNS runs of each. A page whose runs all fail is reported with the
 * error and the others are kept. Every Chromium started here is killed before returning.
 */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { CHROMIUM_ARGS } from '../../tests/support/browser.ts';

export type FormFactor = 'mobile' | 'desktop';
export const FORM_FACTORS: readonly FormFactor[] = ['mobile', 'desktop'];

export interface WebPage {
  route: string;
  path: string;
}

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  jsBytes: number;
  /** Lighthouse's measure of this machine's CPU (about 1000+ on an idle desktop). */
  benchmarkIndex: number;
  scripts: string[];
  failedAccessibilityAudits: string[];
  lcpElement: string;
  lcpParts: Record<string, number>;
}

/** Medians over the runs that finished; bytes as transferred (Chromium takes brotli). */
export interface WebResult {
  route: string;
  path: string;
  formFactor: FormFactor;
  runs: number;
  /** Why no run finished; the figures are then absent. */
  failed?: string;
  performance?: number;
  accessibility?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  totalBytes?: number;
  jsBytes?: number;
  benchmarkIndex?: number;
  failedAccessibilityAudits?: string[];
  lcpElement?: string;
  /** The median run's LCP in parts (time to first byte, load delay, load duration, render delay), ms. */
  lcpParts?: Record<string, number>;
  /** The scripts of the median run's page load (for the first-load JavaScript in gzip). */
  scripts?: string[];
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 3;
/** Runs that fail (a Chromium hiccup) are tried again, this many attempts in all at most. */
const ATTEMPTS = RUNS + 2;
const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless')];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? 0;

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface LcpBreakdownItem {
  type?: string;
  snippet?: string;
  items?: { subpart?: string; duration?: number }[];
}

/** The LCP element and the parts of its time (Lighthouse 13's LCP breakdown insight). */
function lcpOf(lhr: Result): { element: string; parts: Record<string, number> } {
  const details = lhr.audits['lcp-breakdown-insight']?.details as { items?: LcpBreakdownItem[] } | undefined;
  const items = details?.items ?? [];
  const parts: Record<string, number> = {};
  for (const row of items.find((item) => item.type === 'table')?.items ?? [])
    if (row.subpart) parts[row.subpart] = Math.round(row.duration ?? 0);
  return { element: items.find((item) => item.type === 'node')?.snippet ?? '', parts };
}

function runOf(lhr: Result): Run {
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
    ?.items ?? []) as NetworkItem[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const lcp = lcpOf(lhr);
  const accessibilityAudits = lhr.categories.accessibility?.auditRefs.filter((ref) => ref.weight > 0) ?? [];
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    totalBytes: numeric(lhr, 'total-byte-weight'),
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    scripts: scripts.map((r) => r.url),
    failedAccessibilityAudits: accessibilityAudits
      .filter((ref) => (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
    lcpElement: lcp.element,
    lcpParts: lcp.parts,
  };
}

function summary(page: WebPage, formFactor: FormFactor, runs: Run[]): WebResult {
  const medianRun = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  const of = (pick: (run: Run) => number) => median(runs.map(pick));
  return {
    ...page,
    formFactor,
    runs: runs.length,
    performance: of((r) => r.performance),
    accessibility: of((r) => r.accessibility),
    lcpMs: Math.round(of((r) => r.lcpMs)),
    tbtMs: Math.round(of((r) => r.tbtMs)),
    cls: Number(of((r) => r.cls).toFixed(3)),
    totalBytes: of((r) => r.totalBytes),
    jsBytes: of((r) => r.jsBytes),
    benchmarkIndex: Math.round(of((r) => r.benchmarkIndex)),
    failedAccessibilityAudits: [...new Set(runs.flatMap((r) => r.failedAccessibilityAudits))],
    lcpElement: medianRun?.lcpElement ?? '',
    lcpParts: medianRun?.lcpParts ?? {},
    scripts: medianRun?.scripts ?? [],
  };
}

async function measurePage(baseUrl: string, page: WebPage, formFactor: FormFactor): Promise<WebResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const runs: Run[] = [];
  let lastError = '';
  try {
    for (let attempt = 0; attempt < ATTEMPTS && runs.length < RUNS; attempt += 1) {
      try {
        const result = await lighthouse(
          `${baseUrl}${page.path}`,
          { port: chrome.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error('Lighthouse returned no result');
        runs.push(runOf(result.lhr));
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        console.warn(`  ${formFactor} ${page.route}: run failed (${lastError})`);
      }
    }
  } finally {
    chrome.kill();
  }
  if (runs.length === 0) return { ...page, formFactor, runs: 0, failed: lastError || 'no run finished' };
  return summary(page, formFactor, runs);
}

/** Kills every Chromium this module launched (the bench interrupted mid-run). */
export const killBrowsers = (): void => {
  chromeLauncher.killAll();
};

/** Every page in both form factors; a page that fails is reported as failed and the rest go on. */
export async function lighthousePages(baseUrl: string, pages: WebPage[]): Promise<WebResult[]> {
  const results: WebResult[] = [];
  for (const formFactor of FORM_FACTORS) {
    for (const page of pages) {
      const result = await measurePage(baseUrl, page, formFactor);
      console.log(
        result.failed
          ? `web  ${formFactor} ${page.route}: FAILED (${result.failed})`
          : `web  ${formFactor} ${page.route}: Performance ${result.performance}, Accessibility ` +
              `${result.accessibility}, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}`,
      );
      results.push(result);
    }
  }
  return results;
}

/** The scripts' bytes gzip-compressed (level 9, as scripts/precompress.ts writes them). */
export async function gzipBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    total += gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  }
  return total;
}
