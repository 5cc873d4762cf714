/**
 * The campus-hour section (issue 21): can one small box carry a campus at its busiest hour? On a bench
 * server of its own, a crowd of simulated students (campusCrowd.ts) grows in steps, new students
 * arriving at a steady rate at the start of a step while the earlier ones go on, then settling for
 * the step's warm-up before its counted part, until p99 over the requests of a step passes 200 ms or
 * errors appear, or BENCH_CAMPUS_MAX. The largest crowd held serves a campus
 * of 20 times its size (5 % of a campus active in its busiest hour). Then the arrival burst: students
 * opening the app at 100 a second for 5 s, against a crowd of half the largest held (or idle).
 * Environment: BENCH_CAMPUS_STEPS (students, comma-separated), BENCH_CAMPUS_STEP_SECONDS,
 * BENCH_CAMPUS_MAX, BENCH_CAMPUS_CONNECTIONS, BENCH_CAMPUS_BURST_RATE, BENCH_CAMPUS_BURST_SECONDS,
 * BENCH_CAMPUS_BURST_CROWD (0: an idle server), BENCH_CAMPUS_ARRIVALS (new students a second while a
 * step grows the crowd; 25), BENCH_CAMPUS_WORKERS (server processes, PostgreSQL only; 1, as `npm start`).
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchOptions } from './campus.ts';
import { Crowd, REQUEST_TIMEOUT_MS, Recorder, type SessionCache } from './campusCrowd.ts';
import { THINK_SECONDS } from './campusMix.ts';
import {
  benchCpu,
  type CpuProbe,
  databaseCpu,
  poolWaitsBetween,
  processCpu,
  readPool,
} from './campusProbes.ts';
import {
  CAMPUS_TARGETS,
  type CampusBurst,
  type CampusSection,
  type CampusStep,
  latencies,
  stepFigures,
  wholeOpens,
} from './campusReport.ts';
import { serverEnv } from './database.ts';
import type { Fixtures } from './fixtures.ts';
import { drain } from './http.ts';
import { type BenchServer, startBenchServer } from './server.ts';

export { type CampusSection, campusMarkdown } from './campusReport.ts';

export interface CampusOptions {
  steps: number[];
  stepSeconds: number;
  warmupSeconds: number;
  max: number;
  connections: number;
  /** Server processes (WEB_CONCURRENCY): what `npm start` runs on this database unless told. */
  workers: number;
  /** New students a second while a step grows the crowd. */
  arrivalsPerSecond: number;
  burst: { opensPerSecond: number; seconds: number; crowd: number | null };
}

const DEFAULT_STEPS = [500, 1000, 2000, 3000, 4000, 5000, 6000, 8000];
const STEP_AFTER_DEFAULTS = 2000;
/** New students of a step come at this rate (students a second) before its warm-up. */
const ARRIVALS_PER_SECOND = 25;
const SIGN_IN_CONCURRENCY = 4;

function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`${name} must be a number from ${min} to ${max} (got ${raw})`);
  return value;
}

export function campusOptions(env: NodeJS.ProcessEnv = process.env): CampusOptions {
  const max = Math.round(envNumber(env, 'BENCH_CAMPUS_MAX', 10_000, 1, 1_000_000));
  const given = env.BENCH_CAMPUS_STEPS?.trim();
  const steps = given
    ? given.split(',').map((n) => Math.round(Number(n)))
    : [...DEFAULT_STEPS, ...Array.from({ length: 500 }, (_, n) => 10_000 + n * STEP_AFTER_DEFAULTS)];
  if (steps.some((n, i) => !Number.isFinite(n) || n < 1 || n <= (steps[i - 1] ?? 0)))
    throw new Error(`BENCH_CAMPUS_STEPS must be growing numbers of students (got ${given})`);
  const stepSeconds = envNumber(env, 'BENCH_CAMPUS_STEP_SECONDS', 60, 10, 3600);
  const crowd = env.BENCH_CAMPUS_BURST_CROWD?.trim();
  return {
    steps: steps.filter((n) => n <= max),
    stepSeconds,
    warmupSeconds: Math.min(15, Math.round(stepSeconds / 4)),
    max,
    connections: Math.round(envNumber(env, 'BENCH_CAMPUS_CONNECTIONS', 256, 1, 4096)),
    arrivalsPerSecond: envNumber(env, 'BENCH_CAMPUS_ARRIVALS', ARRIVALS_PER_SECOND, 1, 10_000),
    workers: Math.round(envNumber(env, 'BENCH_CAMPUS_WORKERS', 1, 1, env.DATABASE_URL?.trim() ? 64 : 1)),
    burst: {
      opensPerSecond: envNumber(
        env,
        'BENCH_CAMPUS_BURST_RATE',
        CAMPUS_TARGETS.burstOpensPerSecond,
        1,
        10_000,
      ),
      seconds: envNumber(env, 'BENCH_CAMPUS_BURST_SECONDS', 5, 1, 600),
      crowd: crowd ? Math.round(envNumber(env, 'BENCH_CAMPUS_BURST_CROWD', 0, 0, 1_000_000)) : null,
    },
  };
}

const until = (at: number) => sleep(Math.max(0, at - performance.now()));

interface Probes {
  server: CpuProbe;
  database: CpuProbe | null;
}

/** One step: grow the crowd, wait out the warm-up, then record the counted part. */
async function runStep(
  crowd: Crowd,
  students: number,
  o: CampusOptions,
  url: string,
  probes: Probes,
): Promise<CampusStep> {
  // New students come at a steady rate (an arrival burst is measured apart), then the crowd settles.
  const arrivalMs = (Math.max(0, students - crowd.size) / o.arrivalsPerSecond) * 1000;
  const start = performance.now() + arrivalMs;
  const end = start + o.stepSeconds * 1000;
  // room for the requests of the counted part to end before the next step moves it on
  crowd.deadline = end + REQUEST_TIMEOUT_MS;
  await crowd.grow(students, arrivalMs);
  await until(start + o.warmupSeconds * 1000);
  const poolBefore = await readPool(url, o.workers);
  const cpu = () => [probes.server.cpuSeconds(), probes.database?.cpuSeconds() ?? 0, benchCpu.cpuSeconds()];
  const cpuBefore = cpu();
  const counted = performance.now();
  const recorder = new Recorder();
  crowd.recorder = recorder;
  await until(end);
  crowd.recorder = null;
  const seconds = (performance.now() - counted) / 1000;
  const [server, database, bench] = cpu().map((s, i) => ((s - (cpuBefore[i] ?? 0)) / seconds) * 100);
  const poolWaits = poolWaitsBetween(poolBefore, await readPool(url, o.workers));
  await recorder.settled();
  const percent = (n: number | undefined) => Math.round(n ?? 0);
  return {
    students: crowd.size,
    countedSeconds: Math.round(seconds * 10) / 10,
    ...stepFigures(recorder, seconds),
    serverCpu: percent(server),
    databaseCpu: probes.database ? percent(database) : null,
    benchCpu: percent(bench),
    poolWaits,
  };
}

/** The arrival burst, against `background` students (0: an idle server). */
async function runBurst(
  url: string,
  fixtures: Fixtures,
  sessions: SessionCache,
  o: CampusOptions,
  background: number,
): Promise<CampusBurst> {
  const { opensPerSecond, seconds } = o.burst;
  await drain(url);
  const crowd = new Crowd(url, o.connections, fixtures, sessions);
  const recorder = new Recorder();
  const opens = Math.round(opensPerSecond * seconds);
  try {
    const arrivalMs = (background / o.arrivalsPerSecond) * 1000;
    const start = performance.now() + arrivalMs;
    crowd.deadline = start + (o.warmupSeconds + seconds) * 1000 + 6 * REQUEST_TIMEOUT_MS;
    await crowd.grow(background, arrivalMs);
    await until(start + o.warmupSeconds * 1000);
    const burstStart = performance.now();
    const arrivals: Promise<void>[] = [];
    for (let n = 0; n < opens; n += 1) {
      await until(burstStart + (n * 1000) / opensPerSecond);
      arrivals.push(crowd.arrive(recorder));
    }
    await Promise.all(arrivals);
  } finally {
    await crowd.stop();
  }
  const requests = latencies(recorder.samples);
  const whole = wholeOpens(recorder);
  return {
    against: background > 0 ? `${background} students` : 'idle',
    opensPerSecond,
    seconds,
    opens,
    requests,
    whole,
    met: requests.errors === 0 && whole.failed === 0 && whole.p99 < CAMPUS_TARGETS.burstP99Ms,
  };
}

const describeStep = (s: CampusStep) =>
  `${s.students} students: ${s.rps.toFixed(0)} req/s, p50 ${s.p50} ms, p99 ${s.p99} ms, ${s.errors} errors, ` +
  `server CPU ${s.serverCpu} %${s.databaseCpu === null ? '' : `, database CPU ${s.databaseCpu} %`}` +
  `${s.poolWaits ? `, pool waits ${s.poolWaits.waited}/${s.poolWaits.checkouts}` : ''}`;

function verdicts(c: Omit<CampusSection, 'verdicts'>): string[] {
  const held = c.steps.find((s) => s.students === c.largestHeld);
  const out = [
    held
      ? `Largest crowd held: ${c.largestHeld} students (p99 ${held.p99} ms < ${CAMPUS_TARGETS.p99Ms} ms, ` +
        `0 errors): a campus of ${c.campusServed} (${CAMPUS_TARGETS.activeShare * 100} % active in its busiest hour).`
      : `No step held p99 < ${CAMPUS_TARGETS.p99Ms} ms with 0 errors.`,
    `The ramp stopped: ${c.stoppedBecause}.`,
  ];
  const b = c.burst;
  if ('skipped' in b) out.push(`Arrival burst skipped: ${b.skipped}.`);
  else
    out.push(
      `Arrival burst (${b.opensPerSecond} app opens/s for ${b.seconds} s, server carrying ${b.against}): ` +
        `requests p99 ${b.requests.p99} ms, whole app opens p99 ${b.whole.p99} ms, ` +
        `${b.requests.errors + b.whole.failed} errors: ${b.met ? 'met' : 'not met'} ` +
        `(target p99 < ${CAMPUS_TARGETS.burstP99Ms} ms).`,
    );
  return out;
}

/** Starts its own bench server, ramps the crowd, runs the burst, and stops everything, on failure too. */
export async function measureCampus(
  options: BenchOptions,
  fixtures: Fixtures,
  rows: Record<string, number>,
  o: CampusOptions = campusOptions(),
): Promise<CampusSection> {
  const loadStart = loadavg().map((n) => Math.round(n * 100) / 100);
  const server: BenchServer = await startBenchServer({
    ...serverEnv(options),
    WEB_CONCURRENCY: String(o.workers),
  });
  // an interrupted bench must not leave the server behind
  const killServer = () => server.pid && process.kill(server.pid, 'SIGKILL');
  process.once('exit', killServer);
  console.log(`Campus server ${server.url} (pid ${server.pid})`);
  const sessions: SessionCache = new Map();
  const steps: CampusStep[] = [];
  let stoppedBecause = `the last step (${o.steps.at(-1)} students, BENCH_CAMPUS_MAX ${o.max}) held`;
  try {
    const db = await databaseCpu(options.databaseUrl);
    const probes: Probes = {
      server: processCpu(
        server.pid ?? 0,
        options.databaseUrl
          ? `the server's ${o.workers} process(es) and their primary`
          : 'the server process, with PGlite inside it',
      ),
      database: 'skipped' in db ? null : db,
    };
    const crowd = new Crowd(server.url, o.connections, fixtures, sessions);
    try {
      crowd.deadline = Number.POSITIVE_INFINITY;
      await crowd.signInAll(SIGN_IN_CONCURRENCY);
      console.log(`campus: signed in ${fixtures.accounts.length} bench accounts`);
      for (const students of o.steps) {
        const step = await runStep(crowd, students, o, server.url, probes);
        steps.push(step);
        console.log(`campus ${describeStep(step)}${step.held ? '' : ' (not held)'}`);
        if (!step.held) {
          stoppedBecause =
            step.errors > 0
              ? `${step.errors} errors at ${students} students`
              : `p99 ${step.p99} ms at ${students} students`;
          break;
        }
      }
    } finally {
      await crowd.stop();
    }
    const largestHeld = steps.filter((s) => s.held).at(-1)?.students ?? 0;
    const background = o.burst.crowd ?? Math.floor(largestHeld / 2);
    const burst: CampusBurst | { skipped: string } = await runBurst(
      server.url,
      fixtures,
      sessions,
      o,
      background,
    ).catch((error: unknown) => {
      console.error('The arrival burst failed:', error);
      return { skipped: `it failed: ${(error as Error).message}` };
    });
    const section: Omit<CampusSection, 'verdicts'> = {
      date: new Date().toISOString(),
      database: options.databaseUrl ? 'postgres' : 'pglite',
      scale: options.scale,
      users: rows.users ?? 0,
      posts: rows.posts ?? 0,
      method:
        `Students on one undici Pool (${o.connections} keep-alive connections), each opening the app, ` +
        `then acting every ${THINK_SECONDS[0]}-${THINK_SECONDS[1]} s (campusMix.ts), polling notifications ` +
        'every 30 s and reopening the app every 5-25 min; 10 s timeout a request.',
      stepSeconds: o.stepSeconds,
      warmupSeconds: o.warmupSeconds,
      connections: o.connections,
      maxStudents: o.max,
      workers: o.workers,
      cpu: {
        server: probes.server.what,
        database: 'skipped' in db ? db.skipped : db.what,
        bench: benchCpu.what,
      },
      steps,
      stoppedBecause,
      largestHeld,
      campusServed: Math.round(largestHeld / CAMPUS_TARGETS.activeShare),
      signIns: latencies(crowd.signIns.samples),
      burst,
      loadAverage: { start: loadStart, end: loadavg().map((n) => Math.round(n * 100) / 100) },
    };
    return { ...section, verdicts: verdicts(section) };
  } finally {
    await server.stop();
    process.off('exit', killServer);
  }
}

export const campusFailed = (c: CampusSection | null | undefined) => !c || c.largestHeld === 0;
