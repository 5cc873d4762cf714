/** WEB_CONCURRENCY on the embedded database: PGlite serves one process, so more are refused at start. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/serverProcess.ts';

describe('WEB_CONCURRENCY on the embedded PGlite', () => {
  it('refuses to start more than one process, saying why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quad-scale-'));
    try {
      await expect(startServer({ WEB_CONCURRENCY: '2', DATABASE_URL: '' }, { dataDir })).rejects.toThrow(
        /exited with 1:[\s\S]*WEB_CONCURRENCY: more than 1 process needs DATABASE_URL \(PostgreSQL\)/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
