/**
 * Global setup of the browser projects: one migrated PGlite data folder that every server process a
 * test starts on a fresh DATA_DIR copies (serverProcess.ts), instead of each creating its own: a
 * PGlite folder takes about 8 s to create here, a copy a fraction of a second. Its path goes to the
 * test workers in QUAD_PGLITE_TEMPLATE.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/client.ts';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { PGLITE_TEMPLATE_ENV } from './serverProcess.ts';

export default async function setup() {
  const folder = mkdtempSync(join(tmpdir(), 'quad-pglite-template-'));
  const dataDir = join(folder, 'pglite');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;
  return () => rmSync(folder, { recursive: true, force: true });
}
