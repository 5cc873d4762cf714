/** The bench's output: Markdown tables on stdout and everything in bench/results.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { type AppOpenSection, appOpenMarkdown } from './appOpen.ts';
import type { CampusSection } from './campusReport.ts';
import type { Consistency } from './consistency.ts';
import type { HttpRate } from './http.ts';
import { type LiveSection, liveMarkdown } from './live.ts';
import type { PgbenchRate } from './pgbench.ts';
import type { Rate } from './raw.ts';
import { type ScaleOutResult, scaleOutSummary } from './scaleOut.ts';
import type { PageLoad } from './vitals.ts';
import type { WebSection } from './web.ts';

export const TARGETS = {
  /** A read's HTTP rate, at least this share of the plain driver's rate on the same SQL. */
  httpToSqlMin: 0.5,
  /** A read's service rate (Drizzle and the mapping), at least this share of the driver's. */
  serviceToSqlMin: 0.8,
  /** A read's HTTP p99, at most this multiple of the mean latency its rate implies (connections / rate). */
  p99ToMeanMax: 1.5,
  homeJsGzipMaxKb: 150,
  homeLcpMaxMs: 1500,
  homeClsMax: 0.05,
} as const;

/** The same SQL without the service: the statements of a few captured calls, replayed. */
export interface SqlLayers {
  /** Statements a request sends (mean over the captured calls). */
  statements: number;
  /** Service calls captured (random accounts and parameters), replayed in turn. */
  captured: number;
  /** Through the plain driver (pg Pool of the server's size, prepared statements; or PGlite's query). */
  driver: Rate;
  /** pgbench -M prepared on as many connections as the pool; null where it does not apply. */
  pgbench: PgbenchRate | null;
  pgbenchSkipped?: string;
}

/** A layer that could not be measured is missing, and `failed` says why. */
export interface ScenarioResult {
  name: string;
  kind: 'read' | 'write';
  http?: HttpRate;
  /** The service call in this process (Drizzle through the same driver). */
  raw?: Rate;
  /** Reads only. */
  sql?: SqlLayers;
  /** HTTP rate / raw rate. */
  ratio?: number;
  /** HTTP rate / driver rate. */
  httpToSql?: number;
  /** Raw rate / driver rate. */
  serviceToSql?: number;
  verdict: string;
  failed?: string;
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
  /** Server processes the HTTP layer ran on (WEB_CONCURRENCY; BENCH_WORKERS with `--only scenarios`). */
  httpProcesses?: number;
  method: string;
  scenarios: ScenarioResult[];
  /** Null when the check could not run. */
  consistency: Consistency | null;
  /** Sections that threw, `section: reason` (the run went on without them). */
  failures?: string[];
  pages: PageLoad[];
  /** PostgreSQL restarted under a write load on two processes behind haproxy. */
  scaleOut: ScaleOutResult;
  /** Lighthouse on the public pages (`npm run bench -- --only web` re-runs this part alone). */
  web?: WebSection | null;
  /** Event streams: delivery, memory, writes (`npm run bench -- --only live` re-runs this part alone). */
  live?: LiveSection | null;
  /** Server CPU per app open, before and with server rendering (`npm run bench -- --only appopen`). */
  appOpen?: AppOpenSection | null;
  /** The campus-hour crowd (`npm run bench -- --only campus`). */
  campus?: CampusSection | null;
  /** The campus hour on the embedded PGlite, kept beside PostgreSQL's (`--only campus` without DATABASE_URL). */
  campusEmbedded?: CampusSection | null;
  notes: string[];
}

export const METHOD =
  'Four layers run the same SQL, each for the same duration after a warm-up. HTTP: autocannon against ' +
  'the server process (server/main.ts, LOG_LEVEL warn), every request sent as one of the signed-in ' +
  'bench accounts (session cookie, XSRF cookie and header), parameters drawn at random from the seeded ' +
  'data. Raw (service): the service method that route calls (server/modules), in the bench process on ' +
  'the same database through the same driver and pool size (pg Pool max 10, or PGlite), as a random ' +
  'bench account. SQL (driver): for reads, the statements of 8 such service calls, recorded at the ' +
  'driver (text and parameters, in order) and replayed one call a request, cycling over them, through ' +
  'a plain pg Pool of 10 as prepared statements (on PGlite its own query()), without Drizzle or the ' +
  'services. These three run with as many concurrent callers as HTTP connections. pgbench (PostgreSQL ' +
  'only): the same calls, one script each, pgbench -M prepared on 10 connections (2 threads). On ' +
  'PostgreSQL the driver and pgbench prepare every statement; the server and the service prepare ' +
  'their hot reads (named prepared queries: server/db/prepared.ts) and send their other statements ' +
  'unnamed. HTTP/raw, HTTP/SQL and service/SQL are ratios of the rates. Every ' +
  'layer runs on the same cores as its load generator.';

/** Judges a scenario; reads against the targets (the SQL ones when the driver layer was measured). */
export function verdictOf(s: Omit<ScenarioResult, 'verdict'>, connections: number): string {
  if (s.failed) return `FAIL: ${s.failed}`;
  const { http } = s;
  if (!http) return 'not measured';
  const failures = http.errors + http.non2xx;
  if (failures > 0) return `FAIL: ${http.errors} errors (${http.timeouts} timeouts), ${http.non2xx} non-2xx`;
  if (s.kind === 'write') return 'ok (no target)';
  const missed: string[] = [];
  const pct = (n: number) => `${Number((n * 100).toFixed(1))} %`;
  if (s.httpToSql !== undefined && s.httpToSql < TARGETS.httpToSqlMin)
    missed.push(`HTTP/SQL ${pct(s.httpToSql)} < ${pct(TARGETS.httpToSqlMin)}`);
  if (s.serviceToSql !== undefined && s.serviceToSql < TARGETS.serviceToSqlMin)
    missed.push(`service/SQL ${pct(s.serviceToSql)} < ${pct(TARGETS.serviceToSqlMin)}`);
  const p99Max = http.rps > 0 ? (TARGETS.p99ToMeanMax * connections * 1000) / http.rps : 0;
  if (http.p99 > p99Max) missed.push(`p99 ${http.p99} ms > ${p99Max.toFixed(0)} ms`);
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

const NONE = '—';
const percent = (ratio: number | undefined) => (ratio === undefined ? NONE : `${fixed(ratio * 100)} %`);

function scenarioRow(s: ScenarioResult): string {
  const { http, raw, sql } = s;
  const httpCells = http
    ? [fixed(http.rps), http.p50, http.p99, `${http.errors} (${http.timeouts})`, http.non2xx]
    : [NONE, NONE, NONE, NONE, NONE];
  const rawCells = raw ? [fixed(raw.rps), fixed(raw.p99, 1)] : [NONE, NONE];
  const pgbench = sql?.pgbench ? fixed(sql.pgbench.tps) : sql ? 'n/a' : NONE;
  const sqlCells = [sql ? fixed(sql.driver.rps) : NONE, pgbench];
  const ratios = [percent(s.ratio), percent(s.httpToSql), percent(s.serviceToSql)];
  return `| ${[s.name, ...httpCells, ...rawCells, ...sqlCells, ...ratios, s.verdict].join(' | ')} |`;
}

export function scenarioTable(scenarios: ScenarioResult[]): string {
  return [
    '| Scenario | HTTP req/s | p50 ms | p99 ms | errors (timeouts) | non-2xx | raw req/s | raw p99 ms | ' +
      'sql req/s | pgbench req/s | HTTP/raw | HTTP/SQL | service/SQL | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...scenarios.map(scenarioRow),
  ].join('\n');
}

/** Per read, the ms of machine time a request spends in each layer, from each layer's rate. */
export function timeSplitTable(scenarios: ScenarioResult[], cpus: number): string {
  const ms = (rps: number) => 1000 / rps;
  const rows = scenarios.flatMap(({ name, http, raw, sql }) => {
    if (!http || !raw || !sql) return [];
    const driver = ms(sql.driver.rps);
    const database = sql.pgbench ? ms(sql.pgbench.tps) : null;
    const cells = [
      database === null ? 'n/a' : fixed(database, 2),
      database === null ? `${fixed(driver, 2)} (with the database)` : fixed(driver - database, 2),
      fixed(ms(raw.rps) - driver, 2),
      fixed(ms(http.rps) - ms(raw.rps), 2),
      fixed(ms(http.rps), 2),
    ];
    return [`| ${[name, ...cells].join(' | ')} |`];
  });
  if (rows.length === 0) return "Where a request's time goes: no read was measured at every layer.";
  return [
    `Where a request's time goes: ms of machine time per request at each layer's rate, on ${cpus} cores ` +
      'shared by the server, the load generator and the database. Database = 1000 / pgbench req/s; ' +
      'driver = 1000 / sql req/s − database (on PGlite, the two together); Drizzle and service ' +
      'mapping = 1000 / raw req/s − 1000 / sql req/s; HTTP (Fastify, session, validation, JSON, ' +
      'socket) = 1000 / HTTP req/s − 1000 / raw req/s. A negative figure is noise: the upper layer ' +
      'ran as fast as the lower one.',
    '',
    '| Read scenario | database ms | driver ms | Drizzle + service mapping ms | HTTP ms | total ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

export function countersLine(c: Consistency | null): string {
  if (!c) return 'Counters after the write mixes: not checked (the check failed).';
  return (
    'Counters after the write mixes (rows whose counter differs from its rows; 0 = nothing lost or doubled): ' +
    `post votes ${c.postVotes}, comment counts ${c.commentCounts}, comment votes ${c.commentVotes}, ` +
    `poll votes ${c.pollVotes}, room counts ${c.roomCounts}.`
  );
}

export function markdown(r: BenchResults): string {
  const lines = [
    `Quad bench, ${r.date}: ${r.database.kind} (${r.database.version}), scale ${r.scale}, ` +
      `${r.connections} connections, ${r.durationSeconds} s a scenario; ${r.machine.cpus} × ${r.machine.cpuModel}, ` +
      `Node ${r.machine.node}; load average at the start ${r.machine.loadAverage.join(' / ')}.`,
    `Rows: ${Object.entries(r.rows)
      .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
      .join(', ')}.${r.seedSeconds === null ? ' (existing database)' : ` Seeded in ${r.seedSeconds} s.`}`,
    '',
    scenarioTable(r.scenarios),
    '',
    timeSplitTable(r.scenarios, r.machine.cpus),
    '',
    countersLine(r.consistency),
    '',
    '| Page (first load, cache off, CPU 4x slower) | JS gzip KB (raw) | CSS gzip KB (raw) | FCP ms | LCP ms | CLS | TBT ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...r.pages.map((p) =>
      p.failed !== undefined
        ? `| ${p.route} | FAIL: ${p.failed} | | | | | |`
        : `| ${p.route} | ${kb(p.js.gzip)} (${kb(p.js.bytes)}, ${p.js.files} files) | ${kb(p.css.gzip)} (${kb(p.css.bytes)}) | ` +
          `${fixed(p.fcp)} | ${fixed(p.lcp)} | ${p.cls.toFixed(3)} | ${fixed(p.tbt)} |`,
    ),
    '',
    ...r.pages.flatMap((p) =>
      p.failed !== undefined
        ? []
        : [
            `Largest scripts of ${p.route}: ${p.largestJs.map((f) => `${f.file} ${kb(f.gzip)} KB`).join(', ')}.`,
          ],
    ),
    '',
    scaleOutSummary(r.scaleOut),
    '',
    ...(r.web ? [webMarkdown(r.web), ''] : []),
    ...(r.live ? [liveMarkdown(r.live), ''] : []),
    ...(r.appOpen ? [appOpenMarkdown(r.appOpen), ''] : []),
    ...r.notes.map((n) => `- ${n}`),
    ...(r.failures ?? []).map((f) => `- FAILED: ${f}`),
  ];
  return lines.join('\n');
}

/** The front-end targets on the home page, as notes. */
export function pageNotes(pages: PageLoad[]): string[] {
  const home = pages.find((p) => p.route === '/');
  if (!home) return ['The home page was not measured.'];
  if (home.failed !== undefined) return [`The home page was not measured: ${home.failed}.`];
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
