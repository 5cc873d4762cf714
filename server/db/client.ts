/** Opens the database the config names: PGlite (embedded, default) or PostgreSQL through a pg Pool. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { DatabaseTarget } from '../config.ts';
import { SelfReleasingClient } from './pooledClient.ts';
import { MeteredPool } from './poolWaits.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The driver-independent database type every service is written against. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or a transaction: service methods take one of these as their optional last argument. */
export type Executor = Db | Tx;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: MeteredPool; url: string; close(): Promise<void> };

/**
 * Every wait on PostgreSQL is bounded, so no request is left unanswered when it goes away: a
 * connection (or a free pool slot) within 5 s, a statement within 10 s on the server and 15 s on the
 * client (a socket that stops answering), and no transaction left idle for more than 10 s.
 */
export const POOL_LIMITS = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  statement_timeout: 10_000,
  query_timeout: 15_000,
  idle_in_transaction_session_timeout: 10_000,
} as const;

export async function openDatabase(
  target: DatabaseTarget,
  onConnectionError?: (error: Error) => void,
  /** For an in-memory PGlite: the data directory it starts from (app.ts AppDeps.pgliteImage). */
  image?: Blob,
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // It counts the checkouts that wait for a free connection (GET /api/health/pool).
    const pool = new MeteredPool({
      connectionString: target.url,
      keepAlive: true,
      Client: SelfReleasingClient,
      ...POOL_LIMITS,
    });
    // A connection the server drops (restart, failover, admin shutdown) emits 'error' whether it is
    // idle or in use; unheard, that ends the process. Heard, the query in flight fails (503) and the
    // pool discards the connection and opens a new one on the next query.
    const report = (error: Error) => onConnectionError?.(error);
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = drizzleNodePg({ client: pool, schema });
    return { kind: 'postgres', db, pool, url: target.url, close: () => pool.end() };
  }
  if (target.dataDir) mkdirSync(dirname(target.dataDir), { recursive: true });
  // pg_trgm backs the GIN indexes of search (migration 0003 creates the extension).
  const options = { extensions: { pg_trgm } };
  const client = target.dataDir
    ? new PGlite(target.dataDir, options)
    : new PGlite({ ...options, ...(image ? { loadDataDir: image } : {}) });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return { kind: 'pglite', db, client, close: () => client.close() };
}
