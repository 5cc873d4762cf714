/**
 * The bench database: the server's own config (DATA_DIR, DATABASE_URL) and driver, migrated, plus one
 * dedicated SQL session for the seed and the checks (a single pg connection or the PGlite client).
 */

import pg from 'pg';
import { type Config, loadConfig } from '../../server/config.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/client.ts';
import { migrateDatabase } from '../../server/db/migrate.ts';
import type { BenchOptions } from './campus.ts';

export interface SqlSession {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  release(): void;
}

export interface BenchDatabase {
  config: Config;
  handle: DatabaseHandle;
  session(): Promise<SqlSession>;
  close(): Promise<void>;
}

/** The environment the server is started with: the bench data folder, and PostgreSQL when given. */
export function serverEnv(options: BenchOptions): Record<string, string> {
  return {
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
}

export async function openBenchDatabase(options: BenchOptions): Promise<BenchDatabase> {
  const config = loadConfig({ ...process.env, ...serverEnv(options), LOG_LEVEL: 'warn' });
  const handle = await openDatabase(config.database);
  await migrateDatabase(handle);
  const session = async (): Promise<SqlSession> => {
    if (handle.kind === 'pglite') {
      const client = handle.client;
      return {
        exec: async (sql) => {
          await client.exec(sql);
        },
        rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
        release: () => undefined,
      };
    }
    // Its own connection, without the pool's statement time-outs: seeding a campus runs for minutes.
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    return {
      exec: async (sql) => {
        await client.query(sql);
      },
      rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
      release: () => void client.end(),
    };
  };
  return { config, handle, session, close: () => handle.close() };
}

/** Elapsed seconds since `start` (performance.now()), one decimal. */
export const secondsSince = (start: number) => ((performance.now() - start) / 1000).toFixed(1);
