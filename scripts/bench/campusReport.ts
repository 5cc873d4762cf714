/**
 * The campus-hour results (campusHour.ts): their shape in bench/results.json, the latency figures of a
 * window of requests, and the README table.
 */
import type { Recorder, Sample } from './campusCrowd.ts';
import { REQUEST_KINDS, type RequestKind } from './campusMix.ts';
import type { PoolWaitsOfStep } from './campusProbes.ts';

export const CAMPUS_TARGETS = {
  /** Over every request of a step but sign-ins, with no errors. */
  p99Ms: 200,
  /** The share of a campus active in its busiest hour. */
  activeShare: 0.05,
  burstOpensPerSecond: 100,
  burstP99Ms: 500,
} as const;

export interface Latencies {
  requests: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and no answer within 10 s. */
  errors: number;
}

export interface CampusStep extends Latencies {
  students: number;
  countedSeconds: number;
  rps: number;
  /** The statuses of the errors (0: no answer within 10 s, or the connection failed). */
  errorStatuses: Record<string, number>;
  kinds: Partial<Record<RequestKind, Latencies>>;
  /** Whole app opens, from the page request to the last answer (ms). */
  appOpens: { count: number; failed: number; p50: number; p99: number };
  /** % of one core over the counted part of the step. */
  serverCpu: number;
  databaseCpu: number | null;
  benchCpu: number;
  poolWaits: PoolWaitsOfStep | null;
  /** p99 under the target with no errors. */
  held: boolean;
}

export interface CampusBurst {
  /** What the server carried meanwhile: 'idle' or 'N students'. */
  against: string;
  opensPerSecond: number;
  seconds: number;
  opens: number;
  /** Every request of those app opens. */
  requests: Latencies;
  /** The whole app opens. */
  whole: { count: number; failed: number; p50: number; p99: number };
  met: boolean;
}

export interface CampusSection {
  date: string;
  database: 'pglite' | 'postgres';
  scale: number;
  users: number;
  posts: number;
  method: string;
  stepSeconds: number;
  warmupSeconds: number;
  connections: number;
  maxStudents: number;
  /** Server processes sharing the port (WEB_CONCURRENCY). */
  workers: number;
  /** What the CPU columns measure. */
  cpu: { server: string; database: string; bench: string };
  steps: CampusStep[];
  stoppedBecause: string;
  /** The largest crowd of a step that held (0: none did). */
  largestHeld: number;
  /** The campus that crowd serves: largestHeld / activeShare. */
  campusServed: number;
  /** The real sign-ins (one per bench account, shared by its students). */
  signIns: Latencies;
  burst: CampusBurst | { skipped: string };
  loadAverage: { start: number[]; end: number[] };
  verdicts: string[];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

const isError = (s: Sample) => s.status < 200 || s.status >= 300;

export function latencies(samples: Sample[]): Latencies {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: samples.filter(isError).length,
  };
}

export function wholeOpens(recorder: Recorder) {
  const sorted = [...recorder.appOpens].sort((a, b) => a - b);
  return {
    count: sorted.length,
    failed: recorder.failedOpens,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

/** A step's request figures: latencies over every kind but sign-ins, errors over all. */
export function stepFigures(recorder: Recorder, seconds: number) {
  const served = recorder.samples.filter((s) => s.kind !== 'sign-in');
  const kinds: Partial<Record<RequestKind, Latencies>> = {};
  for (const kind of REQUEST_KINDS) {
    const ofKind = recorder.samples.filter((s) => s.kind === kind);
    if (ofKind.length > 0) kinds[kind] = latencies(ofKind);
  }
  const errorStatuses: Record<string, number> = {};
  for (const s of recorder.samples.filter(isError))
    errorStatuses[s.status] = (errorStatuses[s.status] ?? 0) + 1;
  const overall = latencies(served);
  const errors = recorder.samples.filter(isError).length;
  return {
    ...overall,
    errors,
    rps: Math.round((recorder.samples.length / seconds) * 10) / 10,
    errorStatuses,
    kinds,
    appOpens: wholeOpens(recorder),
    held: errors === 0 && overall.requests > 0 && overall.p99 < CAMPUS_TARGETS.p99Ms,
  };
}

/** Sign-ins happen once, before the first step: they have a line of their own. */
const KIND_COLUMNS = REQUEST_KINDS.filter((kind) => kind !== 'sign-in');
const pct = (n: number | null) => (n === null ? 'in server' : `${n.toFixed(0)} %`);

function poolCell(w: PoolWaitsOfStep | null): string {
  if (!w) return '–';
  const loop = w.eventLoopDelayMs;
  return `${w.waited} of ${w.checkouts} (mean ${w.waitMsMean} ms); event loop late p99 ${loop.p99} ms, max ${loop.max} ms`;
}

export function campusMarkdown(c: CampusSection): string {
  const lines = [
    `Campus hour on ${c.database === 'postgres' ? 'PostgreSQL' : 'PGlite'} (scale ${c.scale}, ` +
      `${c.users} users, ${c.posts} posts; ${c.workers} server process${c.workers > 1 ? 'es' : ''}): ` +
      `steps of ${c.stepSeconds} s, the first ${c.warmupSeconds} s ` +
      `of each not counted; ${c.connections} keep-alive connections; load average ` +
      `${c.loadAverage.start.join(', ')} at the start, ${c.loadAverage.end.join(', ')} at the end ` +
      '(the bench, the server and the database share the machine).',
    '',
    '| Students | req/s | p50 ms | p99 ms | errors | app open p99 ms | server CPU | DB CPU | bench CPU | pool waits | held |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...c.steps.map(
      (s) =>
        `| ${s.students} | ${s.rps.toFixed(0)} | ${s.p50} | ${s.p99} | ${s.errors} | ` +
        `${s.appOpens.count > 0 ? s.appOpens.p99 : '–'} | ` +
        `${pct(s.serverCpu)} | ${pct(s.databaseCpu)} | ${pct(s.benchCpu)} | ${poolCell(s.poolWaits)} | ` +
        `${s.held ? 'yes' : 'no'} |`,
    ),
    '',
    'p99 by kind of request (ms):',
    '',
    `| Students | ${KIND_COLUMNS.join(' | ')} |`,
    `|---:|${KIND_COLUMNS.map(() => '---:').join('|')}|`,
    ...c.steps.map(
      (s) => `| ${s.students} | ${KIND_COLUMNS.map((k) => s.kinds[k]?.p99 ?? '–').join(' | ')} |`,
    ),
    '',
    ...c.verdicts.map((v) => `- ${v}`),
  ];
  return lines.join('\n');
}
