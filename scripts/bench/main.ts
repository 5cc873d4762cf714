/**
 * `npm run bench`: builds the SPA when needed, seeds the bench database when it is empty (or takes the
 * existing one), measures the raw service rates in-process and, for reads, the same SQL through the
 * plain driver and pgbench (scenarioRun.ts), then starts the built server on the same
 * data, signs in bench accounts and drives every scenario with autocannon, loads the pages in
 * Chromium, checks the counters, then (on PostgreSQL, with haproxy) restarts the database under a write
 * load on two processes behind haproxy, runs Lighthouse on the public pages (web.ts), and reports
 * (stdout and bench/results.json). Before the server stops, the live section (live.ts) holds 1,000
 * event streams open on it and measures delivery, memory per stream and writes with streams open.
 * Right after the scenarios, on the same server, the app-open section (appOpen.ts) reads the server's
 * CPU per app open, before server rendering and with it.
 * Last, the campus hour (campusHour.ts): a crowd of students on a server of its own, grown until it
 * no longer holds, and an arrival burst.
 * `npm run bench -- --only web` (or `live`, `campus`, `appopen`) runs that section alone and replaces
 * only its part of the results; `--only scenarios` runs the scenarios alone (raw, SQL, HTTP, then
 * the counters).
 * A section or scenario layer that fails is recorded as failed and the run goes on: the results are
 * written with what was measured, and the exit code is 1.
 * Environment: BENCH_SCALE, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_ONLY, BENCH_WORKERS (server
 * processes of `--only scenarios`; 1), DATA_DIR, DATABASE_URL,
 * STATIC_DIR (a build to serve instead of building dist/), BENCH_RESULTS (the results file instead of
 * bench/results.json, e.g. for a trial run at a small scale), BENCH_LIMITS (`off`, the default, or
 * `shipped`: the request-rate limit on, counting every request, refusing none; server.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type AppOpenSection, appOpenFailed, appOpenMarkdown, measureAppOpen } from './appOpen.ts';
import { type BenchOptions, benchOptions } from './campus.ts';
import { type CampusSection, campusFailed, campusMarkdown, measureCampus } from './campusHour.ts';
import { type Consistency, checkCounters } from './consistency.ts';
import { openBenchDatabase, serverEnv } from './database.ts';
import type { Fixtures } from './fixtures.ts';
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
import { killPgbench } from './pgbench.ts';
import { type Prepared, prepare } from './prepare.ts';
import {
  type BenchResults,
  countersLine,
  METHOD,
  machine,
  markdown,
  pageNotes,
  type ScenarioResult,
  scenarioTable,
  timeSplitTable,
  webMarkdown,
  writeResults,
} from './report.ts';
import { measureScaleOut, type ScaleOutResult, scaleOutFailed, scaleOutSummary } from './scaleOut.ts';
import {
  attempt,
  type InProcess,
  measureInProcess,
  scenarioFailed,
  scenarioResults,
  warmup,
} from './scenarioRun.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';
import { type BenchServer, startBenchServer } from './server.ts';
import { measurePages } from './vitals.ts';
import { measureWeb, type WebSection } from './web.ts';

const RESULTS = resolve(process.env.BENCH_RESULTS?.trim() || 'bench/results.json');
const SIGNED_IN = 128;
/** Accounts the web-only run signs in (they post the photos). */
const PHOTO_ACCOUNTS = 4;
/** Accounts the app-open-only run signs in (the opens go round them). */
const APP_OPEN_ACCOUNTS = 32;

/** The server running now, stopped with the browsers when the bench is interrupted. */
let liveServer: BenchServer | null = null;

async function startServer(options: BenchOptions, workers = 1): Promise<BenchServer> {
  liveServer = await startBenchServer({
    ...serverEnv(options),
    ...LIVE_SERVER_ENV,
    WEB_CONCURRENCY: String(workers),
  });
  console.log(`Server ${liveServer.url} (pid ${liveServer.pid})`);
  return liveServer;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the server and the browsers the bench started`);
    killBrowsers();
    killPgbench();
    void Promise.all([liveServer?.stop(), stopLiveServers()]).finally(() => process.exit(1));
  });
}

const SECTIONS = ['web', 'live', 'scenarios', 'campus', 'appopen'] as const;

/**
 * `--only web`, `--only live`, `--only scenarios`, `--only campus` or `--only appopen`: the sections
 * that can run alone.
 */
function onlySection(argv: string[]): (typeof SECTIONS)[number] | null {
  const at = argv.indexOf('--only');
  if (at === -1) return null;
  const section = SECTIONS.find((name) => name === argv[at + 1]);
  if (!section) throw new Error(`--only takes ${SECTIONS.join(', ')} (got ${argv[at + 1] ?? 'nothing'})`);
  return section;
}

/** Builds dist/ when stale, unless STATIC_DIR names a build to serve. */
function buildIfNeeded(): void {
  if (process.env.STATIC_DIR) return;
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
}

/** A section's result, or null (with the reason printed) when it could not run to its end. */
async function sectionOrNull<T>(name: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    console.error(`The ${name} section failed:`, error);
    return null;
  }
}

const webFailed = (web: WebSection | null | undefined) => !web || web.pages.some((p) => p.failed);

const earlierResults = () =>
  existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as BenchResults) : null;

/** Puts one section's part into the existing results, or says that there are none yet. */
function replacePart(part: Partial<BenchResults>, name: string): void {
  const earlier = earlierResults();
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
    web = await sectionOrNull('web', () => measureWeb(server.url, fixtures, sessions));
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
    live = await sectionOrNull('live', () =>
      measureLive(server, fixtures, sessions, options, rows.posts ?? 0),
    );
  } finally {
    await server.stop();
  }
  if (live) {
    console.log(`\n${liveMarkdown(live)}`);
    replacePart({ live }, 'Live');
  } else console.log(`\n${RESULTS} is left as it was.`);
  if (liveFailed(live)) process.exitCode = 1;
}

/** Seeds when needed, then runs the app-open section alone and puts its part into the results. */
async function mainAppOpenOnly(): Promise<void> {
  const options = benchOptions();
  // GET / is rendered with the built app's scripts and styles named in the page
  buildIfNeeded();
  const database = await openBenchDatabase(options);
  const { fixtures } = await prepare(database, options.scale).finally(() => database.close());
  const server = await startServer(options);
  let appOpen: AppOpenSection | null;
  try {
    const sessions = await signInPool(server.url, fixtures.accounts, APP_OPEN_ACCOUNTS);
    console.log(`Signed in ${sessions.length} bench accounts`);
    appOpen = await sectionOrNull('appopen', () => measureAppOpen(server, sessions, options));
  } finally {
    await server.stop();
  }
  if (appOpen) {
    console.log(`\n${appOpenMarkdown(appOpen)}`);
    replacePart({ appOpen }, 'App open');
  } else console.log(`\n${RESULTS} is left as it was.`);
  if (appOpenFailed(appOpen)) process.exitCode = 1;
}

/** Where a campus run goes in the results: PostgreSQL's and the embedded database's are kept apart. */
const campusPart = (options: BenchOptions, campus: CampusSection | null): Partial<BenchResults> =>
  options.databaseUrl ? { campus } : { campusEmbedded: campus };

/** Seeds when needed, then runs the campus-hour section alone (its own server) and puts its part in. */
async function mainCampusOnly(): Promise<void> {
  const options = benchOptions();
  buildIfNeeded();
  const database = await openBenchDatabase(options);
  const { fixtures, rows } = await prepare(database, options.scale).finally(() => database.close());
  const campus = await sectionOrNull('campus', () => measureCampus(options, fixtures, rows));
  if (campus) {
    console.log(`\n${campusMarkdown(campus)}`);
    replacePart(campusPart(options, campus), 'Campus');
  } else console.log(`\n${RESULTS} is left as it was.`);
  if (campusFailed(campus)) process.exitCode = 1;
}

async function checkedCounters(options: BenchOptions): Promise<Consistency> {
  const checked = await openBenchDatabase(options);
  const session = await checked.session();
  return checkCounters(session).finally(async () => {
    session.release();
    await checked.close();
  });
}

/**
 * The scenarios at every layer, then `onServer` while the server runs, then the counter check. Only
 * a failure to open or seed the database stops it; anything later is noted among the failures.
 */
async function runScenarios<T>(
  options: BenchOptions,
  failures: string[],
  onServer: (server: BenchServer, sessions: Session[], prepared: Prepared) => Promise<T>,
  workers = 1,
) {
  const { connections, durationSeconds: seconds } = options;
  const chosen = SCENARIOS.filter(
    (s) => options.only.length === 0 || options.only.some((name) => s.name.includes(name)),
  );
  const database = await openBenchDatabase(options);
  let prepared: Prepared;
  let measured: Map<string, InProcess>;
  try {
    prepared = await prepare(database, options.scale);
    measured = await measureInProcess(database, prepared.fixtures, chosen, options);
  } finally {
    await database.close();
  }
  const { fixtures } = prepared;
  const server = await attempt(failures, 'server start', () => startServer(options, workers));
  let scenarios: ScenarioResult[];
  let onServerResult: T | undefined;
  try {
    const sessions =
      server &&
      (await attempt(failures, 'sign-in', () => signInPool(server.url, fixtures.accounts, SIGNED_IN)));
    if (sessions) console.log(`Signed in ${sessions.length} bench accounts`);
    const http = async (scenario: Scenario) => {
      if (!server || !sessions) throw new Error('no server, or no account signed in');
      return httpRate(server.url, scenario, fixtures, sessions, connections, seconds, warmup(seconds));
    };
    scenarios = await scenarioResults(chosen, measured, http, connections);
    if (server && sessions) onServerResult = await onServer(server, sessions, prepared);
  } finally {
    if (server) await attempt(failures, 'server stop', () => server.stop());
  }
  const consistency = (await attempt(failures, 'counter check', () => checkedCounters(options))) ?? null;
  return { prepared, scenarios, consistency, onServerResult };
}

const countersLost = (c: Consistency | null) => c !== null && Object.values(c).some((n) => n !== 0);

/** `--only scenarios`: raw, SQL and HTTP, then the counters; replaces those scenarios in the results. */
async function mainScenariosOnly(): Promise<void> {
  const options = benchOptions();
  const failures: string[] = [];
  const { workers } = options;
  const { scenarios, consistency } = await runScenarios(options, failures, async () => undefined, workers);
  console.log(`\n${scenarioTable(scenarios)}\n\n${timeSplitTable(scenarios, machine().cpus)}`);
  console.log(`\n${countersLine(consistency)}\n${failures.map((f) => `FAILED: ${f}`).join('\n')}`);
  // With BENCH_ONLY, the scenarios not run keep their earlier results.
  const fresh = new Set(scenarios.map((s) => s.name));
  const kept = (earlierResults()?.scenarios ?? []).filter((s) => !fresh.has(s.name));
  const order = (s: ScenarioResult) => SCENARIOS.findIndex((t) => t.name === s.name);
  const merged = [...kept, ...scenarios].sort((a, b) => order(a) - order(b));
  replacePart({ scenarios: merged, consistency, method: METHOD, httpProcesses: workers }, 'Scenarios');
  if (failures.length > 0 || scenarios.some(scenarioFailed) || countersLost(consistency))
    process.exitCode = 1;
}

const pageRoutes = (fixtures: Fixtures) => {
  const room = fixtures.publicRooms[0];
  return [
    { route: '/', path: '/' },
    { route: '/post/{id}', path: `/post/${fixtures.detailPosts[0]}` },
    {
      route: '/room/{creator}/{title}',
      path: room ? `/room/${room.creatorId}/${encodeURIComponent(room.title)}` : '/',
    },
    { route: '/u/{name}', path: `/u/${encodeURIComponent(fixtures.profiles[0] ?? '')}` },
  ];
};

async function scaleOutStep(options: BenchOptions, fixtures: Fixtures, failures: string[]) {
  const { databaseUrl } = options;
  if (!databaseUrl)
    return {
      skipped: 'the bench runs on PGlite (scripts/with-postgres npm run bench runs it on PostgreSQL)',
    };
  const result = await attempt(failures, 'scale-out', () =>
    measureScaleOut(databaseUrl, options.dataDir, fixtures.accounts),
  );
  return result ?? { skipped: `it failed: ${failures.at(-1)}` };
}

async function main(): Promise<void> {
  const options = benchOptions();
  const host = machine();
  buildIfNeeded();
  const failures: string[] = [];
  const run = await runScenarios(options, failures, async (server, sessions, { fixtures, rows }) => ({
    appOpen: await sectionOrNull('appopen', () => measureAppOpen(server, sessions, options)),
    pages: (await attempt(failures, 'pages', () => measurePages(server.url, pageRoutes(fixtures)))) ?? [],
    web: await sectionOrNull('web', () => measureWeb(server.url, fixtures, sessions)),
    live: await sectionOrNull('live', () =>
      measureLive(server, fixtures, sessions, options, rows.posts ?? 0),
    ),
  }));
  const { prepared, scenarios, consistency } = run;
  const { appOpen, pages, web, live } = run.onServerResult ?? {
    appOpen: null,
    pages: [],
    web: null,
    live: null,
  };
  const scaleOut: ScaleOutResult = await scaleOutStep(options, prepared.fixtures, failures);
  console.log(scaleOutSummary(scaleOut));
  const campus = await sectionOrNull('campus', () =>
    measureCampus(options, prepared.fixtures, prepared.rows),
  );
  if (campus) console.log(`\n${campusMarkdown(campus)}`);

  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: host,
    database: { kind: options.databaseUrl ? 'postgres' : 'pglite', version: prepared.version },
    scale: options.scale,
    rows: prepared.rows,
    seedSeconds: prepared.seedSeconds,
    durationSeconds: options.durationSeconds,
    connections: options.connections,
    httpProcesses: 1,
    method: METHOD,
    scenarios,
    consistency,
    pages,
    scaleOut,
    web,
    live,
    appOpen,
    ...campusPart(options, campus),
    notes: [
      ...(host.loadAverage[0] !== undefined && host.loadAverage[0] > host.cpus
        ? [
            `The machine was shared: load average ${host.loadAverage[0]} on ${host.cpus} cores when the bench ` +
              'started, so every rate here is a lower bound.',
          ]
        : []),
      `Post pages measured have ${prepared.fixtures.meanComments.toFixed(1)} comments on average.`,
      ...pageNotes(pages),
    ],
    ...(failures.length > 0 ? { failures } : {}),
  };
  console.log(`\n${markdown(results)}\n\nMethod: ${METHOD}`);
  writeResults(RESULTS, results);
  console.log(`\nWritten to ${RESULTS}`);
  const failed =
    failures.length > 0 ||
    scenarios.some(scenarioFailed) ||
    pages.some((p) => p.failed !== undefined) ||
    countersLost(consistency);
  const sectionFailed =
    scaleOutFailed(scaleOut) ||
    webFailed(web) ||
    liveFailed(live) ||
    appOpenFailed(appOpen) ||
    campusFailed(campus);
  if (failed || sectionFailed) process.exitCode = 1;
}

const only = onlySection(process.argv.slice(2));
const mains = {
  web: mainWebOnly,
  live: mainLiveOnly,
  scenarios: mainScenariosOnly,
  campus: mainCampusOnly,
  appopen: mainAppOpenOnly,
};
(only ? mains[only]() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
