/**
 * A job the app runs every `everyMs` from when it is ready until it closes (the Popular refresh, the
 * removed images' sweep). The timer never keeps the process alive; a run in flight is awaited on
 * close, and a new tick never starts a second run beside it; a failed run (the database away) is
 * logged and the next tick tries again.
 */
import type { FastifyInstance } from 'fastify';
import { databaseErrorCode } from '../db/faults.ts';

export function scheduleEvery(
  app: FastifyInstance,
  job: { name: string; everyMs: number; run: () => Promise<unknown> },
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= job
      .run()
      .then(() => undefined)
      .catch((error: Error) =>
        app.log.warn({ err: { type: error.name, code: databaseErrorCode(error) } }, `${job.name} failed`),
      )
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, job.everyMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
