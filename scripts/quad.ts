/**
 * `npm run quad -- <command>`: operator commands on the configured database (the same environment
 * as `npm start`: PGlite under DATA_DIR, or PostgreSQL with DATABASE_URL). Applies pending
 * migrations first. On PGlite, stop the server first: one process at a time opens its files.
 *
 *   moderators add <username>      make a verified account a moderator
 *   moderators remove <username>   take it back (MODERATORS in the environment still counts)
 *   moderators list                everyone who moderates
 *   moderators reviews             the private record of moderators' reads of reported items in
 *                                  private rooms they have not joined, newest first (last 200)
 */
import '../server/zodSetup.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { migrateDatabase } from '../server/db/migrate.ts';
import {
  type AdminResult,
  addModerator,
  listModerators,
  removeModerator,
} from '../server/modules/safety/moderatorAdmin.ts';
import { listReviews } from '../server/modules/safety/reviews.ts';

const USAGE = `Usage: npm run quad -- moderators add <username>
       npm run quad -- moderators remove <username>
       npm run quad -- moderators list
       npm run quad -- moderators reviews`;

const REVIEWS_SHOWN = 200;

async function main(args: string[]): Promise<number> {
  const [area, command, username, ...rest] = args;
  const needsName = command === 'add' || command === 'remove';
  const valid =
    area === 'moderators' &&
    rest.length === 0 &&
    (needsName
      ? Boolean(username?.trim())
      : (command === 'list' || command === 'reviews') && username === undefined);
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await openDatabase(config.database);
  try {
    await migrateDatabase(database);
    const { db } = database;
    const configured = config.safety.moderators;
    if (command === 'list') {
      const lines = await listModerators(db, configured);
      console.log(
        lines.length ? lines.join('\n') : 'Nobody moderates yet: npm run quad -- moderators add <username>',
      );
      return 0;
    }
    if (command === 'reviews') {
      const lines = await listReviews(db, REVIEWS_SHOWN);
      console.log(lines.length ? lines.join('\n') : 'No moderator has read an item of a private room.');
      return 0;
    }
    const name = username ?? '';
    const result: AdminResult =
      command === 'add'
        ? await addModerator(db, name, new Date())
        : await removeModerator(db, name, configured);
    (result.ok ? console.log : console.error)(result.message);
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  },
);
