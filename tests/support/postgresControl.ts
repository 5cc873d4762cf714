/**
 * Stops, starts and restarts the PostgreSQL server of scripts/with-postgres with pg_ctl, as an operator
 * would: its data directory, log, binaries and the prefix that runs pg_ctl as user postgres come from
 * PGDATA_TEST, PGLOG_TEST, PG_BINDIR and PG_CTL_AS. Each call resolves once pg_ctl has returned
 * (`-w`: a started server accepts connections).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG_CTL_TIMEOUT_MS = 90_000;

export interface PostgresControl {
  /** `pg_ctl restart -m fast`: connections are cut, the server comes back at once. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Starts the server unless it runs: for clean-up after a test that stopped it. */
  ensureRunning(): Promise<void>;
}

/** Why the server cannot be controlled here, or undefined when it can. */
export function postgresControlMissing(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!env.DATABASE_URL) return 'DATABASE_URL is not set';
  if (!env.PGDATA_TEST || !env.PGLOG_TEST || !env.PG_BINDIR) {
    return 'PGDATA_TEST, PGLOG_TEST and PG_BINDIR are not set (run under scripts/with-postgres)';
  }
  if (!existsSync(join(env.PG_BINDIR, 'pg_ctl'))) return `no pg_ctl in ${env.PG_BINDIR}`;
  return undefined;
}

export function postgresControl(env: NodeJS.ProcessEnv = process.env): PostgresControl {
  const missing = postgresControlMissing(env);
  if (missing) throw new Error(`cannot stop and start PostgreSQL: ${missing}`);
  const asPostgres = (env.PG_CTL_AS ?? '').split(' ').filter(Boolean);
  const pgCtl = join(env.PG_BINDIR ?? '', 'pg_ctl');
  const where = ['-D', env.PGDATA_TEST ?? '', '-l', env.PGLOG_TEST ?? '', '-w', '-t', '60'];
  const ctl = async (...action: string[]) => {
    const [command = pgCtl, ...args] = [...asPostgres, pgCtl, ...where, ...action];
    await run(command, args, { timeout: PG_CTL_TIMEOUT_MS });
  };
  return {
    restart: () => ctl('-m', 'fast', 'restart'),
    stop: () => ctl('-m', 'fast', 'stop'),
    start: () => ctl('start'),
    async ensureRunning() {
      // pg_ctl status exits 3 when no server runs.
      const running = await ctl('status').then(
        () => true,
        () => false,
      );
      if (!running) await ctl('start');
    },
  };
}
