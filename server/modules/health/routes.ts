/**
 * Liveness and readiness for load balancers and orchestrators: `GET /api/health` answers while the
 * process serves HTTP; `GET /api/health/ready` also asks the database, and answers 503 once the
 * server is shutting down, so a balancer stops sending new work before the process exits.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';

export const HEALTH_MESSAGES = {
  databaseDown: 'The database does not answer',
  shuttingDown: 'Shutting down',
} as const;

const tags = ['health'];
const liveSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
const readySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });
const notReadySchema = z.object({ msg: z.string() });

export async function healthRoutes(
  app: FastifyInstance,
  opts: { db: Executor; database: 'pglite' | 'postgres' },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  r.get('/health', { schema: { tags, response: { 200: liveSchema } } }, async () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.round(process.uptime()),
  }));

  r.get(
    '/health/ready',
    { schema: { tags, response: { 200: readySchema, 503: notReadySchema } } },
    async (request, reply) => {
      if (closing) return reply.code(503).send({ msg: HEALTH_MESSAGES.shuttingDown });
      try {
        await opts.db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ err: { type: (error as Error).name } }, 'readiness: database check failed');
        return reply.code(503).send({ msg: HEALTH_MESSAGES.databaseDown });
      }
      return { status: 'ready' as const, database: opts.database };
    },
  );
}
