/** Applies the committed drizzle-kit migrations (server/db/migrations) with the driver's own migrator. */
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseHandle, Schema } from './client.ts';
import { databaseErrorCode, isDatabaseUnavailable } from './faults.ts';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: serialises the migrations of several app processes starting on one PostgreSQL. */
const MIGRATION_LOCK = 7_245_001;
const RETRY_DELAYS_MS = [250, 500, 1000, 2000, 5000];

/**
 * On PostgreSQL the migrations run on a connection of their own, without the pool's statement
 * time-outs (an index on a full campus takes longer), under an advisory lock that ends with it.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined); // the failed query reports it
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Migrates, waiting for PostgreSQL while it is away (starting up, restarting, unreachable), so a
 * process started during an outage serves once the database is back. Other errors end the start.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  onWait: (info: { attempt: number; code?: string }) => void = () => undefined,
): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as PgliteDatabase<Schema>, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migratePostgres(handle.url);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      onWait({ attempt, code: databaseErrorCode(error) });
      await sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1]);
    }
  }
}
