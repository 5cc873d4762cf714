/**
 * `npm run seed:large`: fills the bench database with a realistic campus (scripts/bench/campus.ts).
 * PGlite under DATA_DIR (default ./bench/data), or PostgreSQL with DATABASE_URL; BENCH_SCALE (e.g.
 * 0.05) seeds a smaller campus. Applies the migrations first; refuses a database that has users.
 */

import { createCrypto } from '../server/infra/crypto.ts';
import { benchOptions, campusSize } from './bench/campus.ts';
import { openBenchDatabase } from './bench/database.ts';
import { seedCampus, tableCounts } from './bench/seed.ts';

async function main(): Promise<void> {
  const options = benchOptions();
  const size = campusSize(options.scale);
  const database = await openBenchDatabase(options);
  const session = await database.session();
  try {
    const existing = await tableCounts(session);
    if ((existing.users ?? 0) > 0) {
      console.error(`The bench database already holds ${existing.users} users: nothing seeded.`);
      console.error('Remove the data folder (or use a fresh PostgreSQL database) to seed again.');
      process.exitCode = 1;
      return;
    }
    const where = database.handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${options.dataDir}`;
    console.log(`Seeding ${where} at scale ${options.scale}: ${JSON.stringify(size)}`);
    const crypto = createCrypto(database.config.secret);
    const report = await seedCampus(session, size, crypto, database.config.collegeDomain);
    console.log(`Seeded in ${report.seconds} s:`, report.rows);
  } finally {
    session.release();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
