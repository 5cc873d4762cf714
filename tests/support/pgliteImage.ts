/**
 * Global setup of the server and security projects on PGlite: one migrated database, dumped to a file
 * that every test file's app starts from (`AppDeps.pgliteImage`), instead of each file creating its
 * own database (seconds each). Nothing to do on PostgreSQL (DATABASE_URL: a database per file).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { migrateDatabase } from '../../server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped data directory, or '' when the suite runs on PostgreSQL. */
    pgliteImage: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteImage', '');
    return;
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const path = join(tmpdir(), `quad-pglite-image-${process.pid}-${project.name}.tar`);
  try {
    await migrateDatabase(database);
    if (database.kind !== 'pglite') throw new Error('expected PGlite');
    const image = await database.client.dumpDataDir('none');
    writeFileSync(path, Buffer.from(await image.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteImage', path);
  return () => rmSync(path, { force: true });
}
