/**
 * The cluster primary of WEB_CONCURRENCY=N: forks N workers (each runs server/main.ts and listens on
 * the shared port), starts a new worker when one crashes, and on SIGTERM/SIGINT passes the signal on
 * and exits once every worker has closed. It serves nothing and opens no database itself.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';

/** pino's level numbers, so these lines read like the workers' own. */
/** A pause before replacing a dead worker, so a worker that keeps failing cannot spin the CPU. */
const RESTART_DELAY_MS = 500;

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

function primaryLogger(level: Config['logLevel']) {
  return (at: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS[at] < LEVELS[level]) return;
    console.log(JSON.stringify({ level: LEVELS[at], time: Date.now(), pid: process.pid, ...fields, msg }));
  };
}

export function runPrimary(config: Config): void {
  const log = primaryLogger(config.logLevel);
  const alive = new Map<number, Worker>();
  const listened = new Set<number>();
  let stopping = false;
  let cleanExit = true;
  let announced = false;

  const fork = () => {
    const worker = cluster.fork();
    alive.set(worker.id, worker);
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping the workers', { signal });
    for (const worker of alive.values()) worker.process.kill(signal);
    if (alive.size === 0) process.exit(cleanExit ? 0 : 1);
  };

  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    log('info', 'worker listening', { worker: worker.process.pid });
    if (announced || listened.size < config.webConcurrency) return;
    announced = true;
    console.log(
      `Quad is running at http://${config.host}:${config.port} with ${config.webConcurrency} worker processes ` +
        `(public URL ${config.publicUrl}); database: PostgreSQL (DATABASE_URL)`,
    );
  });

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker.id);
    const fields = { worker: worker.process.pid, code, signal };
    if (stopping) {
      if (code !== 0) cleanExit = false;
      log(code === 0 ? 'info' : 'warn', 'worker stopped', fields);
      if (alive.size === 0) process.exit(cleanExit ? 0 : 1);
    } else if (!listened.has(worker.id) && !announced) {
      // A first worker failing before it ever served is a start-up problem (config, port): retrying
      // would loop. A replacement that fails is retried below: the cluster has served before.
      log('error', 'worker failed to start; stopping', fields);
      cleanExit = false;
      stop('SIGTERM');
    } else {
      log('error', 'worker died; starting another', fields);
      setTimeout(() => {
        if (!stopping) fork();
      }, RESTART_DELAY_MS);
    }
  });

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < config.webConcurrency; i += 1) fork();
}
