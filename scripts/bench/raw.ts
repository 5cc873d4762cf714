/**
 * The raw rate: the service method a route calls, run in this process on the same database through
 * the same driver (a pg Pool of the server's size, or PGlite), by `connections` concurrent callers
 * for the same duration as the HTTP run. What HTTP adds on top (parsing, the session look-up,
 * validation, serialisation, the socket) is the difference.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../server/context.ts';
import type { Db } from '../../server/db/client.ts';
import { createCrypto } from '../../server/infra/crypto.ts';
import { createMailer } from '../../server/infra/mailer.ts';
import { createDiskStorage } from '../../server/infra/storage.ts';
import { createServices, type Services } from '../../server/routes.ts';
import type { BenchDatabase } from './database.ts';
import { type Fixtures, pickOne } from './fixtures.ts';
import type { Scenario } from './scenarios.ts';

export interface Rate {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const silent = () => undefined;
const quietLog: FastifyBaseLogger = {
  level: 'silent',
  fatal: silent,
  error: silent,
  warn: silent,
  info: silent,
  debug: silent,
  trace: silent,
  silent,
  child: () => quietLog,
};

/** The server's services on the bench database (or on `db`, another connection to it). */
export function inProcessServices(database: BenchDatabase, db: Db = database.handle.db): Services {
  const { config } = database;
  const ctx: AppContext = {
    config,
    db,
    crypto: createCrypto(config.secret),
    mailer: createMailer(undefined, config.mailFrom),
    storage: createDiskStorage(join(config.dataDir, 'uploads')),
    now: () => new Date(),
    log: quietLog,
  };
  return createServices(ctx);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** `connections` callers, each calling `call` in a loop until the time is up. */
export async function runConcurrently(
  call: () => Promise<unknown>,
  connections: number,
  seconds: number,
): Promise<Rate & { firstError?: string }> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now();
  const end = start + seconds * 1000;
  const caller = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        await call();
      } catch (error) {
        errors += 1;
        firstError ??= String(error);
      }
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    firstError,
  };
}

/** The rate of the scenario's service call; throws when any call failed. */
export async function rawRate(
  scenario: Scenario,
  services: Services,
  fixtures: Fixtures,
  connections: number,
  seconds: number,
  warmupSeconds: number,
): Promise<Rate> {
  const call = () => scenario.raw(services, fixtures, pickOne(fixtures.accounts));
  await runConcurrently(call, connections, warmupSeconds);
  const { firstError, ...rate } = await runConcurrently(call, connections, seconds);
  if (firstError) throw new Error(`${rate.errors} of ${rate.requests} calls failed, first: ${firstError}`);
  return rate;
}
