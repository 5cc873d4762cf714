/** Opens the database the config names: PGlite (embedded, default) or PostgreSQL through a pg Pool. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The driver-independent database type every service is written against. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or a transaction: service methods take one of these as their optional last argument. */
export type Executor = Db | Tx;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> };

export async function openDatabase(
  target: DatabaseTarget,
  onIdleError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server drops (restart, failover, a test dropping its database) is
    // removed from the pool and replaced on the next query; unheard, the error would end the process.
    pool.on('error', (error) => onIdleError?.(error));
    const db = drizzleNodePg({ client: pool, schema });
    return { kind: 'postgres', db, pool, close: () => pool.end() };
  }
  if (target.dataDir) mkdirSync(dirname(target.dataDir), { recursive: true });
  // pg_trgm backs the GIN indexes of search (migration 0003 creates the extension).
  const options = { extensions: { pg_trgm } };
  const client = target.dataDir ? new PGlite(target.dataDir, options) : new PGlite(options);
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return { kind: 'pglite', db, client, close: () => client.close() };
}
