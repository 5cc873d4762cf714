/**
 * What the campus-hour section reads around each step: the CPU time of the server process and of the
 * database (from /proc/<pid>/stat), of the bench process itself, and the pg pool's waits
 * (`GET /api/health/pool`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import pg from 'pg';

/** Clock ticks a second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  name: string;
  parent: number;
  cpuSeconds: number;
  /** The CPU of its children that ended and were waited for (cutime + cstime). */
  reapedSeconds: number;
}

function procStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  // after the name: state, ppid, ... utime (14th field of the line), stime, cutime and cstime (17th)
  const fields = text.slice(close + 2).split(' ');
  return {
    name: text.slice(open + 1, close),
    parent: Number(fields[1]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    reapedSeconds: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
  };
}

/**
 * A process's CPU with that of its children that ended: a PostgreSQL backend that exits (a pool
 * connection closed while idle) takes its CPU out of the sum of live processes, into its parent's.
 */
const ownAndReaped = (stat: ProcStat | null) => (stat ? stat.cpuSeconds + stat.reapedSeconds : 0);

const pids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** CPU seconds used so far by what a probe watches. */
export interface CpuProbe {
  /** What is measured, as the results say it. */
  what: string;
  cpuSeconds(): number;
}

/** A process and its children (a cluster primary and its workers). */
export function processCpu(pid: number, what: string): CpuProbe {
  return {
    what,
    cpuSeconds: () =>
      pids()
        .map(procStat)
        .filter((s): s is ProcStat => s !== null && s.parent === pid)
        .reduce((sum, s) => sum + s.cpuSeconds, ownAndReaped(procStat(pid))),
  };
}

export const benchCpu: CpuProbe = {
  what: 'the bench process (students and their connections)',
  cpuSeconds: () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  },
};

/**
 * The database's CPU: on PostgreSQL its postmaster (the parent of a backend the probe asks for its pid)
 * and every process under it, when they run on this machine; null on PGlite (inside the server).
 */
export async function databaseCpu(databaseUrl: string | undefined): Promise<CpuProbe | { skipped: string }> {
  if (!databaseUrl) return { skipped: 'PGlite runs inside the server process: its CPU is in the server CPU' };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let postmaster: number | undefined;
  try {
    const backend = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    // read while the backend lives: it exits with the connection
    postmaster = procStat(backend.rows[0]?.pid ?? 0)?.parent;
  } finally {
    await client.end();
  }
  if (!postmaster || procStat(postmaster)?.name !== 'postgres')
    return { skipped: 'the PostgreSQL server does not run on this machine' };
  return {
    what: `the PostgreSQL processes (postmaster ${postmaster} and its children)`,
    cpuSeconds: () =>
      pids()
        .map(procStat)
        .filter((s): s is ProcStat => s !== null && s.name === 'postgres' && s.parent === postmaster)
        .reduce((sum, s) => sum + s.cpuSeconds, ownAndReaped(procStat(postmaster))),
  };
}

/** `GET /api/health/pool` on PostgreSQL (server/db/poolWaits.ts). */
export interface PoolReading {
  max: number;
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  checkouts: number;
  waited: number;
  waitMsTotal: number;
  waitMsMax: number;
  /** How late the event loop ran since the previous read (the route resets it at each read). */
  eventLoopDelayMs: { p99: number; max: number };
}

/** One process's figures, asked over a new connection (node:cluster hands new connections round). */
function readOnePool(url: string): Promise<PoolReading | null> {
  return new Promise((resolve) => {
    const request = get(`${url}/api/health/pool`, { agent: false, timeout: 5_000 }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => {
        try {
          const body = JSON.parse(text) as { database: string } & PoolReading;
          resolve(body.database === 'postgres' ? body : null);
        } catch {
          resolve(null);
        }
      });
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/**
 * The pools' figures now, summed over the server's `workers` processes (one reading each, over new
 * connections in turn), or null on PGlite (or when the route does not answer).
 */
export async function readPool(url: string, workers = 1): Promise<PoolReading | null> {
  const readings: PoolReading[] = [];
  for (let i = 0; i < workers; i += 1) {
    const reading = await readOnePool(url);
    if (!reading) return null;
    readings.push(reading);
  }
  const sum = (key: Exclude<keyof PoolReading, 'eventLoopDelayMs'>) =>
    readings.reduce((total, r) => total + r[key], 0);
  const latest = (pick: (delay: PoolReading['eventLoopDelayMs']) => number) =>
    Math.max(...readings.map((r) => pick(r.eventLoopDelayMs)));
  return {
    max: sum('max'),
    totalCount: sum('totalCount'),
    idleCount: sum('idleCount'),
    waitingCount: sum('waitingCount'),
    checkouts: sum('checkouts'),
    waited: sum('waited'),
    waitMsTotal: sum('waitMsTotal'),
    waitMsMax: Math.max(...readings.map((r) => r.waitMsMax)),
    eventLoopDelayMs: { p99: latest((d) => d.p99), max: latest((d) => d.max) },
  };
}

/** A step's pool waits: what changed between two readings, and the state at the end. */
export interface PoolWaitsOfStep {
  checkouts: number;
  waited: number;
  waitMsTotal: number;
  /** Mean wait of the checkouts that waited (ms). */
  waitMsMean: number;
  /** The longest wait since the server started (the route keeps no per-step maximum). */
  waitMsMaxSinceStart: number;
  /** At the end of the step. */
  totalCount: number;
  waitingCount: number;
  /** The server's event loop over the counted part (the slowest process's). */
  eventLoopDelayMs: { p99: number; max: number };
}

export function poolWaitsBetween(
  before: PoolReading | null,
  after: PoolReading | null,
): PoolWaitsOfStep | null {
  if (!before || !after) return null;
  const waited = after.waited - before.waited;
  const waitMsTotal = Math.round((after.waitMsTotal - before.waitMsTotal) * 10) / 10;
  return {
    checkouts: after.checkouts - before.checkouts,
    waited,
    waitMsTotal,
    waitMsMean: waited > 0 ? Math.round((waitMsTotal / waited) * 10) / 10 : 0,
    waitMsMaxSinceStart: after.waitMsMax,
    totalCount: after.totalCount,
    waitingCount: after.waitingCount,
    eventLoopDelayMs: after.eventLoopDelayMs,
  };
}
