/**
 * Liveness and readiness for load balancers and orchestrators: `GET /api/health` answers while the
 * process serves HTTP; `GET /api/health/ready` also asks the database and the uploads storage (the
 * bucket, or the folder), and answers 503 once the server is shutting down, so a balancer stops
 * sending new work before the process exits. `GET /api/health/pool` tells how long requests waited for
 * a PostgreSQL pool connection (server/db/poolWaits.ts), and how late the event loop ran since the
 * previous read: counters only, for the bench and operators.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { RETRY_AFTER_SECONDS } from '../../db/faults.ts';
import type { PoolFigures } from '../../db/poolWaits.ts';
import { refusals } from '../../infra/errors.ts';
import type { Storage } from '../../infra/storage.ts';

export const HEALTH_MESSAGES = {
  databaseDown: 'The database does not answer',
  storageDown: 'The uploads storage is not usable',
  shuttingDown: 'Shutting down',
} as const;

/** A balancer asks several times a second: storage that passed is asked again only after this. */
const STORAGE_RECHECK_MS = 5_000;

const tags = ['health'];
const LOOP_RESOLUTION_MS = 10;
/** Nanoseconds (perf_hooks) to milliseconds with one decimal; an empty histogram reads 0. */
const msOf = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 1e5) / 10 : 0);
const liveSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
const readySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });
const count = z.number().int().nonnegative();
const delaySchema = z.object({ p99: z.number().nonnegative(), max: z.number().nonnegative() });
const poolSchema = z.union([
  z.object({ database: z.literal('pglite'), eventLoopDelayMs: delaySchema }),
  z.object({
    database: z.literal('postgres'),
    eventLoopDelayMs: delaySchema,
    max: count,
    totalCount: count,
    idleCount: count,
    waitingCount: count,
    checkouts: count,
    waited: count,
    waitMsTotal: z.number().nonnegative(),
    waitMsMax: z.number().nonnegative(),
  }),
]);

export async function healthRoutes(
  app: FastifyInstance,
  opts: {
    db: Executor;
    database: 'pglite' | 'postgres';
    poolFigures: (() => PoolFigures) | null;
    storage: Storage;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  let storagePassedAt = Number.NEGATIVE_INFINITY;
  const checkStorage = async () => {
    if (!opts.storage.check || performance.now() - storagePassedAt < STORAGE_RECHECK_MS) return;
    await opts.storage.check();
    storagePassedAt = performance.now();
  };

  r.get('/health', { schema: { tags, response: { 200: liveSchema } } }, async () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.round(process.uptime()),
  }));

  r.get(
    '/health/ready',
    { schema: { tags, response: { 200: readySchema, ...refusals(503) } } },
    async (request, reply) => {
      if (closing) return reply.code(503).send({ msg: HEALTH_MESSAGES.shuttingDown });
      try {
        await opts.db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ err: { type: (error as Error).name } }, 'readiness: database check failed');
        return reply
          .code(503)
          .header('retry-after', RETRY_AFTER_SECONDS)
          .send({ msg: HEALTH_MESSAGES.databaseDown });
      }
      try {
        await checkStorage();
      } catch (error) {
        const problem = (error as Error).message;
        // the storage's own words about its configuration (bucket, folder), never a user's data
        request.log.warn({ problem }, 'readiness: uploads storage check failed');
        return reply
          .code(503)
          .header('retry-after', RETRY_AFTER_SECONDS)
          .send({ msg: `${HEALTH_MESSAGES.storageDown}: ${problem}` });
      }
      return { status: 'ready' as const, database: opts.database };
    },
  );

  // How late the event loop ran, since the previous read of the pool figures: a pool whose connections
  // sit idle in PostgreSQL while requests wait for them is a process behind on its event loop.
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  app.addHook('onReady', async () => {
    loopDelay.enable();
  });
  app.addHook('onClose', async () => {
    loopDelay.disable();
  });
  const eventLoopDelayMs = () => {
    const figures = { p99: msOf(loopDelay.percentile(99)), max: msOf(loopDelay.max) };
    loopDelay.reset();
    return figures;
  };

  r.get('/health/pool', { schema: { tags, response: { 200: poolSchema } } }, async () =>
    opts.poolFigures
      ? { database: 'postgres' as const, eventLoopDelayMs: eventLoopDelayMs(), ...opts.poolFigures() }
      : { database: 'pglite' as const, eventLoopDelayMs: eventLoopDelayMs() },
  );
}
