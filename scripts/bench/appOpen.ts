/**
 * The app-open section: what opening the app costs the server, in CPU time (user + system of the
 * server process, from /proc/<pid>/stat through campusProbes.ts) per app open, for three opens sent
 * as the browser sends them (campusMix.ts):
 *   - unrendered: the app open from before server rendering, GET /index.html (the plain template,
 *     still served by the same build) then the 7 API calls the browser made (UNRENDERED_APP_OPEN);
 *   - rendered: a signed-in student's app open now, GET / rendered on the server (it makes those
 *     calls in-process) then the notifications' catch-up (APP_OPEN);
 *   - visitor: GET / without a cookie, as it is: the server keeps a visitor's page 3 s
 *     (server/render/visitorPages.ts), so most of these are served from that cache.
 * Each runs a fixed number of opens, CONCURRENCY at a time, as the signed-in bench accounts in turn,
 * after a warm-up not counted (with `--only appopen` the server has just started: the first renders
 * compile the app). Every answer must be a 2xx, and the page the one expected (rendered for that
 * student, rendered for a visitor, or the plain template); an open that is not counts as failed.
 * On a PostgreSQL running on this machine the database's CPU is read too (on PGlite it is inside
 * the server process).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { FIRST_SCREEN_ELEMENT_ID } from '../../src/system/firstScreen.ts';
import type { BenchOptions } from './campus.ts';
import { APP_OPEN, type CampusCall, type SendCall, UNRENDERED_APP_OPEN } from './campusMix.ts';
import { type CpuProbe, databaseCpu, processCpu } from './campusProbes.ts';
import { drain, type Session } from './http.ts';
import type { BenchServer } from './server.ts';

/** App opens measured for each kind, and the opens of each kind's warm-up (not counted). */
export const APP_OPENS = 300;
const WARMUP_OPENS = 30;
/** Opens in flight at once; one keeps the page latencies free of queueing behind other opens. */
const CONCURRENCY = 1;
/** Connections a browser opens to one host (the unrendered open sends up to three calls at once). */
const BROWSER_CONNECTIONS = 6;
const REQUEST_TIMEOUT_MS = 10_000;
/** How long the server keeps a visitor's page (server/render/visitorPages.ts; the bench server's default). */
const VISITOR_PAGE_SECONDS = 3;
/** How long the server's idle CPU is read before the opens (timers, pool upkeep). */
const IDLE_MS = 2_000;

export const APP_OPEN_KINDS = ['unrendered', 'rendered', 'visitor'] as const;
type AppOpenKind = (typeof APP_OPEN_KINDS)[number];

const KIND_REQUESTS: Record<AppOpenKind, string> = {
  unrendered: 'GET /index.html + 7 API calls (the app open before server rendering)',
  rendered: 'GET / rendered for a signed-in student + GET /api/u/notification (the app open now)',
  visitor: `GET / without a cookie (a visitor's page, kept ${VISITOR_PAGE_SECONDS} s by the server)`,
};

/** Milliseconds at the 50th and 99th percentiles. */
export interface Percentiles {
  p50: number;
  p99: number;
}

export interface AppOpenCost {
  requests: string;
  /** Opens counted (each sent whole, even when one of its calls failed). */
  opens: number;
  /** Opens with an answer that was not a 2xx or not the page expected. */
  failed: number;
  /** Wall time of the counted opens (s). */
  seconds: number;
  /** CPU time (user + system) of the server process per open (ms). */
  serverCpuMs: number;
  /** CPU time of the PostgreSQL processes per open (ms), when they run on this machine. */
  databaseCpuMs: number | null;
  /** The whole open, from its first request to its last answer (ms). */
  whole: Percentiles;
  /** The page request alone (ms). */
  page: Percentiles;
}

export interface AppOpenSection {
  date: string;
  database: string;
  scale: number;
  opens: number;
  warmup: number;
  concurrency: number;
  /** Signed-in bench accounts the opens go round. */
  accounts: number;
  server: string;
  /** The server's CPU while nothing was sent (ms a second), part of every figure below. */
  idleServerCpuMsPerSecond: number;
  /** Why the database CPU was not read (PGlite, or a PostgreSQL elsewhere). */
  databaseCpuSkipped?: string;
  unrendered: AppOpenCost;
  rendered: AppOpenCost;
  visitor: AppOpenCost;
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

const OK = (status: number) => status >= 200 && status < 300;
const FIRST_SCREEN = `<script id="${FIRST_SCREEN_ELEMENT_ID}"`;

/** Whether the page is the one the open expects (its body, as the server sent it). */
function pageAsExpected(kind: AppOpenKind, body: string, session: Session): boolean {
  if (kind === 'unrendered') return body.includes('<div id="root"></div>') && !body.includes(FIRST_SCREEN);
  if (!body.includes(FIRST_SCREEN)) return false;
  // The root actor's snapshot names the signed-in student; a visitor's names nobody.
  const student = body.includes(`"userID":"${session.account.id}"`);
  return kind === 'rendered' ? student : !body.includes('"userID":"');
}

interface Opened {
  ok: boolean;
  wholeMs: number;
  pageMs: number;
}

class Opener {
  readonly #pool: Pool;

  constructor(url: string) {
    this.#pool = new Pool(url, {
      connections: CONCURRENCY * BROWSER_CONNECTIONS,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: REQUEST_TIMEOUT_MS,
      bodyTimeout: REQUEST_TIMEOUT_MS,
    });
  }

  close(): Promise<void> {
    return this.#pool.destroy();
  }

  async #request(call: CampusCall, session: Session | null) {
    const headers: Record<string, string> = session
      ? { cookie: session.cookie, 'x-xsrf-token': session.xsrf }
      : {};
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const start = performance.now();
    try {
      const res = await this.#pool.request({
        method: call.method,
        path: call.path,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await res.body.text();
      return { status: res.statusCode, body, ms: performance.now() - start };
    } catch {
      return { status: 0, body: '', ms: performance.now() - start };
    }
  }

  /** One open of `kind`, as `session`'s student (a visitor sends no cookie). */
  async open(kind: AppOpenKind, session: Session): Promise<Opened> {
    const start = performance.now();
    let pageMs = 0;
    const send: SendCall = async (call) => {
      const viewer = kind === 'visitor' ? null : session;
      const answer = await this.#request(call, viewer);
      const isPage = call.path === '/' || call.path === '/index.html';
      if (isPage) pageMs = answer.ms;
      return OK(answer.status) && (!isPage || pageAsExpected(kind, answer.body, session));
    };
    let ok: boolean;
    if (kind === 'unrendered') ok = await UNRENDERED_APP_OPEN.open(session.account, send);
    else if (kind === 'rendered') ok = await APP_OPEN.open(send);
    else ok = await send(APP_OPEN.page);
    return { ok, wholeMs: performance.now() - start, pageMs };
  }
}

/** `opens` opens of `kind`, CONCURRENCY at a time, the sessions in turn. */
async function openMany(opener: Opener, kind: AppOpenKind, sessions: Session[], opens: number) {
  const done: Opened[] = [];
  let next = 0;
  const worker = async () => {
    while (next < opens) {
      const session = sessions[next % sessions.length] as Session;
      next += 1;
      done.push(await opener.open(kind, session));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done;
}

async function measureKind(
  url: string,
  opener: Opener,
  kind: AppOpenKind,
  sessions: Session[],
  server: CpuProbe,
  database: CpuProbe | null,
): Promise<AppOpenCost> {
  await openMany(opener, kind, sessions, WARMUP_OPENS);
  await drain(url);
  const serverBefore = server.cpuSeconds();
  const databaseBefore = database?.cpuSeconds() ?? 0;
  const start = performance.now();
  const opened = await openMany(opener, kind, sessions, APP_OPENS);
  const seconds = (performance.now() - start) / 1000;
  // work the server does after its answers (session touches, logs) belongs to the opens
  await drain(url);
  const perOpen = (cpuSeconds: number) => round((cpuSeconds * 1000) / opened.length, 2);
  const cost: AppOpenCost = {
    requests: KIND_REQUESTS[kind],
    opens: opened.length,
    failed: opened.filter((o) => !o.ok).length,
    seconds: round(seconds, 2),
    serverCpuMs: perOpen(server.cpuSeconds() - serverBefore),
    databaseCpuMs: database ? perOpen(database.cpuSeconds() - databaseBefore) : null,
    whole: percentiles(opened.map((o) => o.wholeMs)),
    page: percentiles(opened.map((o) => o.pageMs)),
  };
  console.log(
    `App open, ${kind}: ${cost.serverCpuMs} ms of server CPU an open over ${cost.opens} opens ` +
      `(${cost.failed} failed), page p50 ${cost.page.p50} ms p99 ${cost.page.p99} ms`,
  );
  return cost;
}

/** Runs the section on `server` (one process, read by pid) as the signed-in `sessions`. */
export async function measureAppOpen(
  server: BenchServer,
  sessions: Session[],
  options: BenchOptions,
): Promise<AppOpenSection> {
  if (server.pid === undefined) throw new Error('the server has no pid to read its CPU from');
  if (sessions.length === 0) throw new Error('the app-open section needs signed-in accounts');
  const serverCpu = processCpu(server.pid, `the server process (pid ${server.pid}) and its children`);
  const databaseProbe = await databaseCpu(options.databaseUrl);
  const database = 'skipped' in databaseProbe ? null : databaseProbe;

  await drain(server.url);
  const idleBefore = serverCpu.cpuSeconds();
  await sleep(IDLE_MS);
  const idleServerCpuMsPerSecond = round(
    ((serverCpu.cpuSeconds() - idleBefore) * 1000) / (IDLE_MS / 1000),
    2,
  );

  const opener = new Opener(server.url);
  try {
    const cost = (kind: AppOpenKind) => measureKind(server.url, opener, kind, sessions, serverCpu, database);
    const unrendered = await cost('unrendered');
    const rendered = await cost('rendered');
    const visitor = await cost('visitor');
    return {
      date: new Date().toISOString(),
      database: options.databaseUrl ? 'postgres' : 'pglite',
      scale: options.scale,
      opens: APP_OPENS,
      warmup: WARMUP_OPENS,
      concurrency: CONCURRENCY,
      accounts: sessions.length,
      server: serverCpu.what,
      idleServerCpuMsPerSecond,
      ...('skipped' in databaseProbe ? { databaseCpuSkipped: databaseProbe.skipped } : {}),
      unrendered,
      rendered,
      visitor,
    };
  } finally {
    await opener.close();
  }
}

/** Whether the section failed: not run, or an open with a failed call or an unexpected page. */
export function appOpenFailed(r: AppOpenSection | null | undefined): boolean {
  return !r || APP_OPEN_KINDS.some((kind) => r[kind].failed > 0);
}

/** The section's table for stdout and the report. */
export function appOpenMarkdown(r: AppOpenSection): string {
  const row = (kind: AppOpenKind) => {
    const c = r[kind];
    const database = c.databaseCpuMs === null ? 'n/a' : String(c.databaseCpuMs);
    return (
      `| ${kind}: ${c.requests} | ${c.serverCpuMs} | ${database} | ${c.page.p50} / ${c.page.p99} | ` +
      `${c.whole.p50} / ${c.whole.p99} | ${c.failed} |`
    );
  };
  const ratio = r.unrendered.serverCpuMs > 0 ? r.rendered.serverCpuMs / r.unrendered.serverCpuMs : 0;
  return [
    `App open CPU, ${r.date}: ${r.database} (BENCH_SCALE ${r.scale}); ${r.opens} opens of each kind after ` +
      `${r.warmup} not counted, ${r.concurrency} at a time, as ${r.accounts} signed-in accounts in turn; ` +
      `CPU (user + system) of ${r.server} from /proc, divided by the opens. ` +
      `The idle server used ${r.idleServerCpuMsPerSecond} ms of CPU a second` +
      (r.databaseCpuSkipped ? `; database CPU not read: ${r.databaseCpuSkipped}.` : '.'),
    '',
    '| App open | server CPU ms / open | database CPU ms / open | page p50 / p99 ms | whole open p50 / p99 ms | failed |',
    '|---|---:|---:|---:|---:|---:|',
    ...APP_OPEN_KINDS.map(row),
    '',
    `The rendered app open costs the server ${round(ratio, 2)}× the CPU of the unrendered one ` +
      `(${r.rendered.serverCpuMs} ms against ${r.unrendered.serverCpuMs} ms). The visitor's GET / is ` +
      `served from the server's page cache but once every ${VISITOR_PAGE_SECONDS} s: its ${r.opens} opens ` +
      `took ${r.visitor.seconds} s, so at most ${Math.floor(r.visitor.seconds / VISITOR_PAGE_SECONDS) + 1} ` +
      'of them were rendered.',
  ].join('\n');
}
