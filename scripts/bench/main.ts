/**
 * `npm run bench`: builds the SPA when needed, seeds the bench database when it is empty (or takes the
 * existing one), measures the raw service rates in-process, then starts the built server on the same
 * data, signs in bench accounts and drives every scenario with autocannon, loads the pages in
 * Chromium, checks the counters, then (on PostgreSQL, with haproxy) restarts the database under a write
 * load on two processes behind haproxy, runs Lighthouse on the public pages (web.ts), and reports
 * (stdout and bench/results.json). Before the server stops, the live section (live.ts) holds 1,000
 * event streams open on it and measures delivery, memory per stream and writes with streams open.
 * `npm run bench -- --only web` (or `--only live`) runs that section alone and replaces only its part
 * of the results.
 * Environment: BENCH_SCALE, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_ONLY, DATA_DIR, DATABASE_URL,
 * STATIC_DIR (a build to serve instead of building dist/).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createCrypto } from '../../server/infra/crypto.ts';
import { type BenchOptions, benchOptions, campusSize } from './campus.ts';
import { checkCounters } from './consistency.ts';
import { type BenchDatabase, openBenchDatabase, serverEnv } from './database.ts';
import { type Fixtures, readFixtures } from './fixtures.ts';
import { httpRate, type Session, signInPool } from './http.ts';
import { killBrowsers } from './lighthouse.ts';
import {
  LIVE_SERVER_ENV,
  type LiveSection,
  liveFailed,
  liveMarkdown,
  measureLive,
  stopLiveServers,
} from './live.ts';
import { inProcessServices, type Rate, rawRate } from './raw.ts';
import {
  type BenchResults,
  METHOD,
  machine,
  markdown,
  pageNotes,
  type ScenarioResult,
  verdictOf,
  webMarkdown,
  writeResults,
} from './report.ts';
import { measureScaleOut, type ScaleOutResult, scaleOutFailed, scaleOutSummary } from './scaleOut.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';
import { seedCampus, tableCounts } from './seed.ts';
import { type BenchServer, startBenchServer } from './server.ts';
import { measurePages } from './vitals.ts';
import { measureWeb, type WebSection } from './web.ts';

const RESULTS = resolve('bench/results.json');
const SIGNED_IN = 128;
/** Accounts the web-only run signs in (they post the photos). */
const PHOTO_ACCOUNTS = 4;

interface Prepared {
  fixtures: Fixtures;
  rows: Record<string, number>;
  seedSeconds: number | null;
  version: string;
}

async function prepare(database: BenchDatabase, scale: number): Promise<Prepared> {
  const session = await database.session();
  try {
    let rows = await tableCounts(session);
    let seedSeconds: number | null = null;
    if ((rows.users ?? 0) === 0) {
      const size = campusSize(scale);
      console.log(`Empty bench database: seeding at scale ${scale} ${JSON.stringify(size)}`);
      const crypto = createCrypto(database.config.secret);
      const report = await seedCampus(session, size, crypto, database.config.collegeDomain);
      rows = report.rows;
      seedSeconds = report.seconds;
    } else {
      console.log(
        `Using the existing bench database (${rows.users} users; BENCH_SCALE is not applied to it).`,
      );
    }
    const crypto = createCrypto(database.config.secret);
    const fixtures = await readFixtures(session, crypto, database.config.collegeDomain);
    if (fixtures.accounts.length === 0)
      throw new Error('no bench accounts found: was this database seeded by the bench?');
    const [v] = await session.rows<{ version: string }>('select version()');
    const version = v?.version.split(' ').slice(0, 2).join(' ') ?? 'unknown';
    return { fixtures, rows, seedSeconds, version };
  } finally {
    session.release();
  }
}

async function rawRates(
  database: BenchDatabase,
  fixtures: Fixtures,
  scenarios: Scenario[],
  connections: number,
  seconds: number,
) {
  const services = inProcessServices(database);
  const rates = new Map<string, Rate>();
  for (const scenario of scenarios) {
    const rate = await rawRate(scenario, services, fixtures, connections, seconds, warmup(seconds));
    console.log(`raw  ${scenario.name}: ${rate.rps.toFixed(0)} req/s, p99 ${rate.p99.toFixed(1)} ms`);
    rates.set(scenario.name, rate);
  }
  return rates;
}

const warmup = (seconds: number) => Math.max(1, Math.min(3, Math.round(seconds / 4)));

/** The server running now, stopped with the browsers when the bench is interrupted. */
let liveServer: BenchServer | null = null;

async function startServer(options: BenchOptions): Promise<BenchServer> {
  liveServer = await startBenchServer({ ...serverEnv(options), ...LIVE_SERVER_ENV });
  console.log(`Server ${liveServer.url} (pid ${liveServer.pid})`);
  return liveServer;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the server and the browsers the bench started`);
    killBrowsers();
    void Promise.all([liveServer?.stop(), stopLiveServers()]).finally(() => process.exit(1));
  });
}

/** `--only web` or `--only live`: the sections that can run alone. */
function onlySection(argv: string[]): 'web' | 'live' | null {
  const at = argv.indexOf('--only');
  if (at === -1) return null;
  const section = argv[at + 1];
  if (section !== 'web' && section !== 'live')
    throw new Error(`--only takes "web" or "live" (got ${section ?? 'nothing'})`);
  return section;
}

/** Builds dist/ when stale, unless STATIC_DIR names a build to serve. */
function buildIfNeeded(): void {
  if (process.env.STATIC_DIR) return;
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
}

/** The web section, or null (with the reason printed) when it could not run at all. */
async function webSection(url: string, fixtures: Fixtures, sessions: Session[]): Promise<WebSection | null> {
  try {
    return await measureWeb(url, fixtures, sessions);
  } catch (error) {
    console.error('The web section failed:', error);
    return null;
  }
}

const webFailed = (web: WebSection | null | undefined) => !web || web.pages.some((p) => p.failed);

/** The live section, or null (with the reason printed) when it could not run to its end. */
async function liveSection(
  server: BenchServer,
  fixtures: Fixtures,
  sessions: Session[],
  options: BenchOptions,
  posts: number,
): Promise<LiveSection | null> {
  try {
    return await measureLive(server, fixtures, sessions, options, posts);
  } catch (error) {
    console.error('The live section failed:', error);
    return null;
  }
}

/** Puts one section's part into the existing results, or says that there are none yet. */
function replacePart(part: Partial<BenchResults>, name: string): void {
  const earlier = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as BenchResults) : null;
  if (earlier) {
    writeResults(RESULTS, { ...earlier, ...part });
    console.log(`\n${name} section written to ${RESULTS}`);
  } else console.log(`\n${RESULTS} does not exist yet: run the whole bench once to write it.`);
}

/** Seeds when needed, then runs Lighthouse alone and puts its part into the existing results. */
async function mainWebOnly(): Promise<void> {
  const options = benchOptions();
  buildIfNeeded();
  const database = await openBenchDatabase(options);
  const { fixtures } = await prepare(database, options.scale).finally(() => database.close());
  const server = await startServer(options);
  let web: WebSection | null;
  try {
    const sessions = await signInPool(server.url, fixtures.accounts, PHOTO_ACCOUNTS);
    web = await webSection(server.url, fixtures, sessions);
  } finally {
    await server.stop();
  }
  if (web) console.log(`\n${webMarkdown(web)}`);
  replacePart({ web }, 'Web');
  if (webFailed(web)) process.exitCode = 1;
}

/** Seeds when needed, then runs the live section alone (no SPA build) and puts its part into the results. */
async function mainLiveOnly(): Promise<void> {
  const options = benchOptions();
  const database = await openBenchDatabase(options);
  const { fixtures, rows } = await prepare(database, options.scale).finally(() => database.close());
  const server = await startServer(options);
  let live: LiveSection | null;
  try {
    const sessions = await signInPool(server.url, fixtures.accounts, SIGNED_IN);
    console.log(`Signed in ${sessions.length} bench accounts`);
    live = await liveSection(server, fixtures, sessions, options, rows.posts ?? 0);
  } finally {
    await server.stop();
  }
  if (live) {
    console.log(`\n${liveMarkdown(live)}`);
    replacePart({ live }, 'Live');
  } else console.log(`\n${RESULTS} is left as it was.`);
  if (liveFailed(live)) process.exitCode = 1;
}

async function main(): Promise<void> {
  const options = benchOptions();
  const host = machine();
  const { connections, durationSeconds: seconds } = options;
  const chosen = SCENARIOS.filter(
    (s) => options.only.length === 0 || options.only.some((name) => s.name.includes(name)),
  );
  buildIfNeeded();

  const database = await openBenchDatabase(options);
  let prepared: Prepared;
  let raw: Map<string, Rate>;
  try {
    prepared = await prepare(database, options.scale);
    raw = await rawRates(database, prepared.fixtures, chosen, connections, seconds);
  } finally {
    await database.close();
  }
  const { fixtures } = prepared;

  const server = await startServer(options);
  const scenarios: ScenarioResult[] = [];
  let pages: BenchResults['pages'];
  let web: WebSection | null;
  let live: LiveSection | null;
  try {
    const sessions = await signInPool(server.url, fixtures.accounts, SIGNED_IN);
    console.log(`Signed in ${sessions.length} bench accounts`);
    for (const scenario of chosen) {
      const http = await httpRate(
        server.url,
        scenario,
        fixtures,
        sessions,
        connections,
        seconds,
        warmup(seconds),
      );
      const rawRate = raw.get(scenario.name) ?? { requests: 0, rps: 0, p50: 0, p99: 0, errors: 0 };
      const ratio = rawRate.rps > 0 ? http.rps / rawRate.rps : 0;
      const verdict = verdictOf(scenario.kind, http, ratio);
      console.log(`http ${scenario.name}: ${http.rps.toFixed(0)} req/s, p99 ${http.p99} ms, ${verdict}`);
      if (http.non2xx > 0) console.log(`  statuses: ${JSON.stringify(http.statuses)}`);
      scenarios.push({ name: scenario.name, kind: scenario.kind, http, raw: rawRate, ratio, verdict });
    }
    const room = fixtures.publicRooms[0];
    pages = await measurePages(server.url, [
      { route: '/', path: '/' },
      { route: '/post/{id}', path: `/post/${fixtures.detailPosts[0]}` },
      {
        route: '/room/{creator}/{title}',
        path: room ? `/room/${room.creatorId}/${encodeURIComponent(room.title)}` : '/',
      },
      { route: '/u/{name}', path: `/u/${encodeURIComponent(fixtures.profiles[0] ?? '')}` },
    ]);
    web = await webSection(server.url, fixtures, sessions);
    live = await liveSection(server, fixtures, sessions, options, prepared.rows.posts ?? 0);
  } finally {
    await server.stop();
  }

  const checked = await openBenchDatabase(options);
  const session = await checked.session();
  const consistency = await checkCounters(session).finally(async () => {
    session.release();
    await checked.close();
  });

  const scaleOut: ScaleOutResult = options.databaseUrl
    ? await measureScaleOut(options.databaseUrl, options.dataDir, fixtures.accounts)
    : { skipped: 'the bench runs on PGlite (scripts/with-postgres npm run bench runs it on PostgreSQL)' };
  console.log(scaleOutSummary(scaleOut));

  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: host,
    database: { kind: options.databaseUrl ? 'postgres' : 'pglite', version: prepared.version },
    scale: options.scale,
    rows: prepared.rows,
    seedSeconds: prepared.seedSeconds,
    durationSeconds: seconds,
    connections,
    method: METHOD,
    scenarios,
    consistency,
    pages,
    scaleOut,
    web,
    live,
    notes: [
      ...(host.loadAverage[0] !== undefined && host.loadAverage[0] > host.cpus
        ? [
            `The machine was shared: load average ${host.loadAverage[0]} on ${host.cpus} cores when the bench ` +
              'started, so every rate here is a lower bound.',
          ]
        : []),
      `Post pages measured have ${fixtures.meanComments.toFixed(1)} comments on average.`,
      ...pageNotes(pages),
    ],
  };
  console.log(`\n${markdown(results)}\n\nMethod: ${METHOD}`);
  writeResults(RESULTS, results);
  console.log(`\nWritten to ${RESULTS}`);
  const lost = Object.values(consistency).some((n) => n !== 0);
  const failed = scenarios.some((s) => s.http.errors + s.http.non2xx > 0);
  if (lost || failed || scaleOutFailed(scaleOut) || webFailed(web) || liveFailed(live)) process.exitCode = 1;
}

const only = onlySection(process.argv.slice(2));
(only === 'web' ? mainWebOnly() : only === 'live' ? mainLiveOnly() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
