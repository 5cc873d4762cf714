/** The bench database made ready: seeded when empty, and what the scenarios pick from read from it. */
import { createCrypto } from '../../server/infra/crypto.ts';
import { campusSize } from './campus.ts';
import type { BenchDatabase } from './database.ts';
import { type Fixtures, readFixtures } from './fixtures.ts';
import { seedCampus, tableCounts } from './seed.ts';

export interface Prepared {
  fixtures: Fixtures;
  rows: Record<string, number>;
  seedSeconds: number | null;
  version: string;
}

export async function prepare(database: BenchDatabase, scale: number): Promise<Prepared> {
  const session = await database.session();
  try {
    let rows = await tableCounts(session);
    let seedSeconds: number | null = null;
    if ((rows.users ?? 0) === 0) {
      const size = campusSize(scale);
      console.log(`Empty bench database: seeding at scale ${scale} ${JSON.stringify(size)}`);
      const crypto = createCrypto(database.config.secret);
      const report = await seedCampus(session, size, crypto, database.config.collegeDomain);
      rows = report.rows;
      seedSeconds = report.seconds;
    } else {
      console.log(
        `Using the existing bench database (${rows.users} users; BENCH_SCALE is not applied to it).`,
      );
    }
    const crypto = createCrypto(database.config.secret);
    const fixtures = await readFixtures(session, crypto, database.config.collegeDomain);
    if (fixtures.accounts.length === 0)
      throw new Error('no bench accounts found: was this database seeded by the bench?');
    const [v] = await session.rows<{ version: string }>('select version()');
    const version = v?.version.split(' ').slice(0, 2).join(' ') ?? 'unknown';
    return { fixtures, rows, seedSeconds, version };
  } finally {
    session.release();
  }
}
