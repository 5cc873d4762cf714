/**
 * The moderators table as the operator manages it (`npm run quad -- moderators ...`, scripts/quad.ts):
 * add and remove by username, and list everyone who moderates, including those MODERATORS names.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { moderators, users } from '../../db/schema.ts';

export type AdminResult = { ok: true; message: string } | { ok: false; message: string };

async function account(db: Executor, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(isNotNull(users.verifiedAt), sql`lower(${users.username}) = lower(${username.trim()})`));
  return row ?? null;
}

const unknown = (username: string): AdminResult => ({
  ok: false,
  message: `No verified account is named "${username}".`,
});

export async function addModerator(db: Executor, username: string, now: Date): Promise<AdminResult> {
  const person = await account(db, username);
  if (!person) return unknown(username);
  const added = await db
    .insert(moderators)
    .values({ userId: person.id, addedAt: now })
    .onConflictDoNothing()
    .returning({ userId: moderators.userId });
  return {
    ok: true,
    message: added.length
      ? `${person.username} is now a moderator.`
      : `${person.username} is already a moderator.`,
  };
}

export async function removeModerator(
  db: Executor,
  username: string,
  configured: string[],
): Promise<AdminResult> {
  const person = await account(db, username);
  if (!person) return unknown(username);
  const removed = await db
    .delete(moderators)
    .where(eq(moderators.userId, person.id))
    .returning({ userId: moderators.userId });
  const named = configured.includes(person.username.toLowerCase());
  const still = named ? ` MODERATORS still names ${person.username}: remove it there too.` : '';
  return {
    ok: true,
    message: removed.length
      ? `${person.username} is no longer a moderator.${still}`
      : `${person.username} was not added as a moderator.${still}`,
  };
}

/** One line a moderator: those added here (with the date), then those only MODERATORS names. */
export async function listModerators(db: Executor, configured: string[]): Promise<string[]> {
  const added = await db
    .select({ username: users.username, addedAt: moderators.addedAt })
    .from(moderators)
    .innerJoin(users, eq(users.id, moderators.userId))
    .orderBy(asc(moderators.addedAt), asc(users.username));
  const addedNames = new Set(added.map((m) => m.username.toLowerCase()));
  return [
    ...added.map((m) => `${m.username}  (added ${m.addedAt.toISOString().slice(0, 10)})`),
    ...configured.filter((name) => !addedNames.has(name)).map((name) => `${name}  (MODERATORS)`),
  ];
}
