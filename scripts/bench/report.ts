/** The bench's output: Markdown tables on stdout and everything in bench/results.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname } from 'node:path';
import type { Consistency } from './consistency.ts';
import type { HttpRate } from './http.ts';
import { type LiveSection, liveMarkdown } from './live.ts';
import type { Rate } from './raw.ts';
import { type ScaleOutResult, scaleOutSummary } from './scaleOut.ts';
import type { PageLoad } from './vitals.ts';
import type { WebSection } from './web.ts';

export const TARGETS = {
  readRatioMin: 0.5,
  readP99MaxMs: 50,
  homeJsGzipMaxKb: 150,
  homeLcpMaxMs: 1500,
  homeClsMax: 0.05,
} as const;

export interface ScenarioResult {
  name: string;
  kind: 'read' | 'write';
  http: HttpRate;
  raw: Rate;
  ratio: number;
  verdict: string;
}

export interface BenchResults {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; loadAverage: number[] };
  database: { kind: 'pglite' | 'postgres'; version: string };
  scale: number;
  rows: Record<string, number>;
  seedSeconds: number | null;
  durationSeconds: number;
  connections: number;
  method: string;
  scenarios: ScenarioResult[];
  consistency: Consistency;
  pages: PageLoad[];
  /** PostgreSQL restarted under a write load on two processes behind haproxy. */
  scaleOut: ScaleOutResult;
  /** Lighthouse on the public pages (`npm run bench -- --only web` re-runs this part alone). */
  web?: WebSection | null;
  /** Event streams: delivery, memory, writes (`npm run bench -- --only live` re-runs this part alone). */
  live?: LiveSection | null;
  notes: string[];
}

export const METHOD =
  'HTTP: autocannon against the server process (server/main.ts, built SPA, LOG_LEVEL warn), every request ' +
  'sent as one of the signed-in bench accounts (session cookie, XSRF cookie and header), parameters drawn ' +
  'at random from the seeded data. Raw: the service method that route calls (server/modules), run in the ' +
  'bench process on the same database through the same driver and pool size (pg Pool max 10, or PGlite), ' +
  'by as many concurrent callers as HTTP connections, for the same duration, as a random bench account ' +
  '(so the SQL text and its parameters are the same). Both after a warm-up. HTTP/raw is the ratio of ' +
  'the two rates; the difference is Fastify, zod, the session look-up, JSON and the socket, on the ' +
  'same two cores that also run autocannon.';

export function verdictOf(kind: 'read' | 'write', http: HttpRate, ratio: number): string {
  const failures = http.errors + http.non2xx;
  if (failures > 0) return `FAIL: ${http.errors} errors (${http.timeouts} timeouts), ${http.non2xx} non-2xx`;
  if (kind === 'write') return 'ok (no target)';
  const missed: string[] = [];
  if (ratio < TARGETS.readRatioMin) missed.push(`ratio ${(ratio * 100).toFixed(0)} % < 50 %`);
  if (http.p99 >= TARGETS.readP99MaxMs) missed.push(`p99 ${http.p99} ms ≥ 50 ms`);
  return missed.length ? `missed: ${missed.join(', ')}` : 'met';
}

export function machine(): BenchResults['machine'] {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: loadavg().map((n) => Number(n.toFixed(2))),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const fixed = (n: number, digits = 0) => n.toFixed(digits);

export function markdown(r: BenchResults): string {
  const lines = [
    `Quad bench, ${r.date}: ${r.database.kind} (${r.database.version}), scale ${r.scale}, ` +
      `${r.connections} connections, ${r.durationSeconds} s a scenario; ${r.machine.cpus} × ${r.machine.cpuModel}, ` +
      `Node ${r.machine.node}; load average at the start ${r.machine.loadAverage.join(' / ')}.`,
    `Rows: ${Object.entries(r.rows)
      .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
      .join(', ')}.${r.seedSeconds === null ? ' (existing database)' : ` Seeded in ${r.seedSeconds} s.`}`,
    '',
    '| Scenario | HTTP req/s | p50 ms | p99 ms | errors (timeouts) | non-2xx | raw req/s | raw p99 ms | HTTP/raw | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...r.scenarios.map(
      (s) =>
        `| ${s.name} | ${fixed(s.http.rps)} | ${s.http.p50} | ${s.http.p99} | ${s.http.errors} (${s.http.timeouts}) | ${s.http.non2xx} | ` +
        `${fixed(s.raw.rps)} | ${fixed(s.raw.p99, 1)} | ${fixed(s.ratio * 100)} % | ${s.verdict} |`,
    ),
    '',
    `Counters after the write mixes (rows whose counter differs from its rows; 0 = nothing lost or doubled): ` +
      `post votes ${r.consistency.postVotes}, comment counts ${r.consistency.commentCounts}, ` +
      `comment votes ${r.consistency.commentVotes}, poll votes ${r.consistency.pollVotes}.`,
    '',
    '| Page (first load, cache off, CPU 4x slower) | JS gzip KB (raw) | CSS gzip KB (raw) | FCP ms | LCP ms | CLS | TBT ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...r.pages.map(
      (p) =>
        `| ${p.route} | ${kb(p.js.gzip)} (${kb(p.js.bytes)}, ${p.js.files} files) | ${kb(p.css.gzip)} (${kb(p.css.bytes)}) | ` +
        `${fixed(p.fcp)} | ${fixed(p.lcp)} | ${p.cls.toFixed(3)} | ${fixed(p.tbt)} |`,
    ),
    '',
    ...r.pages.map(
      (p) =>
        `Largest scripts of ${p.route}: ${p.largestJs.map((f) => `${f.file} ${kb(f.gzip)} KB`).join(', ')}.`,
    ),
    '',
    scaleOutSummary(r.scaleOut),
    '',
    ...(r.web ? [webMarkdown(r.web), ''] : []),
    ...(r.live ? [liveMarkdown(r.live), ''] : []),
    ...r.notes.map((n) => `- ${n}`),
  ];
  return lines.join('\n');
}

/** The front-end targets on the home page, as notes. */
export function pageNotes(pages: PageLoad[]): string[] {
  const home = pages.find((p) => p.route === '/');
  if (!home) return ['The home page was not measured.'];
  const check = (ok: boolean, text: string) => `${ok ? 'met' : 'MISSED'}: ${text}`;
  return [
    check(
      home.js.gzip / 1024 < TARGETS.homeJsGzipMaxKb,
      `first-load JS of / ${kb(home.js.gzip)} KB gzip (< 150 KB)`,
    ),
    check(home.lcp < TARGETS.homeLcpMaxMs, `LCP of / ${fixed(home.lcp)} ms at 4x CPU slowdown (< 1500 ms)`),
    check(home.cls < TARGETS.homeClsMax, `CLS of / ${home.cls.toFixed(3)} (< 0.05)`),
  ];
}

/** The web section's table: one row a page, mobile then desktop, and the verdicts on the targets. */
export function webMarkdown(web: WebSection): string {
  const row = (p: WebSection['pages'][number]) =>
    p.failed
      ? `| \`${p.route}\` | ${p.formFactor} | failed: ${p.failed} | | | | | | |`
      : `| \`${p.route}\` | ${p.formFactor} | ${p.performance} | ${p.accessibility} | ${((p.lcpMs ?? 0) / 1000).toFixed(2)} s | ` +
        `${p.tbtMs} ms | ${p.cls?.toFixed(3)} | ${kb(p.totalBytes ?? 0)} KB | ${kb(p.jsBytes ?? 0)} KB |`;
  const home = web.home
    ? `First load of / (mobile, median run): ${kb(web.home.totalBytes)} KB transferred, ` +
      `JavaScript ${kb(web.home.jsGzipBytes)} KB gzip in ${web.home.scripts} files.`
    : 'The first load of / was not measured.';
  return [
    `Lighthouse ${web.lighthouse}, ${web.chromium}, median of 3 runs, ${web.date}; ${web.photoPosts} photo posts on top of /.`,
    '',
    '| Page | form factor | Performance | Accessibility | LCP | TBT | CLS | bytes | JS bytes |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...web.pages.map(row),
    '',
    home,
    '',
    ...web.pages
      .filter((p) => p.formFactor === 'mobile' && p.lcpElement)
      .map(
        (p) =>
          `LCP of ${p.route} (mobile): \`${p.lcpElement}\`; ` +
          Object.entries(p.lcpParts ?? {})
            .map(([part, ms]) => `${part} ${ms} ms`)
            .join(', '),
      ),
    '',
    ...web.verdicts.map((v) => `- ${v}`),
  ].join('\n');
}

export function writeResults(path: string, results: BenchResults): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}
