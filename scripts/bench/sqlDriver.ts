/**
 * The plain driver layer: the captured statements replayed without Drizzle or the services, one
 * captured call (all its statements, in order) a request, cycling over the calls. On PostgreSQL a
 * plain pg Pool of the server's size sends them as prepared statements; on PGlite the driver is the
 * client's own `query(text, params)`.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, POOL_LIMITS } from '../../server/db/client.ts';
import { type Rate, runConcurrently } from './raw.ts';
import type { CapturedCall, Statement } from './sqlCapture.ts';

export interface PlainDriver {
  send(statement: Statement): Promise<unknown>;
  close(): Promise<void>;
}

/** One name per statement text, the same on every connection (pg prepares it once on each). */
const preparedName = (text: string) => `bench_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

export function plainDriver(handle: DatabaseHandle): PlainDriver {
  if (handle.kind === 'pglite') {
    const client = handle.client;
    return { send: (s) => client.query(s.text, s.values), close: async () => undefined };
  }
  const pool = new pg.Pool({ connectionString: handle.url, max: POOL_LIMITS.max });
  return {
    send: (s) => pool.query({ name: preparedName(s.text), text: s.text, values: s.values }),
    close: () => pool.end(),
  };
}

/** `connections` callers replaying the calls in turn for `seconds`, after a warm-up; throws on any error. */
export async function driverRate(
  driver: PlainDriver,
  calls: CapturedCall[],
  connections: number,
  seconds: number,
  warmupSeconds: number,
): Promise<Rate> {
  let next = 0;
  const request = async () => {
    const call = calls[next % calls.length] ?? [];
    next += 1;
    for (const statement of call) await driver.send(statement);
  };
  await runConcurrently(request, connections, warmupSeconds);
  const { firstError, ...rate } = await runConcurrently(request, connections, seconds);
  if (firstError)
    throw new Error(`${rate.errors} of ${rate.requests} replayed requests failed, first: ${firstError}`);
  return rate;
}
