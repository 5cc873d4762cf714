/**
 * The benchmark campus: how many of each thing a full-size college board holds, scaled by
 * BENCH_SCALE, and the accounts the bench signs in with. Shared by the seed and the bench.
 */
import { resolve } from 'node:path';

/** Full size (BENCH_SCALE=1). */
const FULL = {
  users: 20_000,
  rooms: 500,
  posts: 200_000,
  polls: 50_000,
  postVotes: 1_000_000,
  commentVotes: 100_000,
  comments: 400_000,
  notifications: 200_000,
} as const;

export type CampusSize = Record<keyof typeof FULL, number>;

/** Accounts with a real password hash and sealed address: the bench signs in with these. */
export const BENCH_ACCOUNTS = 256;
export const BENCH_PASSWORD = 'Bench-pass-2024!';
export const benchEmail = (n: number, domain: string) => `bench.user${n}@${domain}`;

/** The smallest campus that still has every kind of thing (and more users than bench accounts). */
const MINIMUM: CampusSize = {
  users: BENCH_ACCOUNTS * 2,
  rooms: 10,
  posts: 500,
  polls: 100,
  postVotes: 1_000,
  commentVotes: 100,
  comments: 1_000,
  notifications: 100,
};

export function campusSize(scale: number): CampusSize {
  const size = {} as CampusSize;
  for (const key of Object.keys(FULL) as (keyof CampusSize)[]) {
    size[key] = Math.max(MINIMUM[key], Math.round(FULL[key] * scale));
  }
  return size;
}

export interface BenchOptions {
  scale: number;
  durationSeconds: number;
  connections: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** BENCH_ONLY: run only the scenarios whose names contain one of these (comma-separated). */
  only: string[];
  /** BENCH_WORKERS: server processes of `--only scenarios` (the full run's sections read one pid). */
  workers: number;
}

function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max} (got ${raw})`);
  }
  return value;
}

export function benchOptions(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  return {
    scale: numberFrom(env, 'BENCH_SCALE', 1, 0.001, 10),
    durationSeconds: numberFrom(env, 'BENCH_DURATION', 10, 1, 600),
    connections: Math.round(numberFrom(env, 'BENCH_CONNECTIONS', 64, 1, 1024)),
    dataDir: resolve(env.DATA_DIR?.trim() || './bench/data'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    workers: Math.round(numberFrom(env, 'BENCH_WORKERS', 1, 1, 64)),
    only: (env.BENCH_ONLY ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  };
}
