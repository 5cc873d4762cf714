/**
 * Who moderates: the people MODERATORS names (usernames, any letter case) and those added with
 * `npm run quad -- moderators add <username>` (the moderators table). One rule, as SQL: the
 * visibility rule puts it inside its queries, `isModerator` asks it alone.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { moderators, users } from '../../db/schema.ts';

/** The viewer is a moderator: in the moderators table, or named in MODERATORS (lower-cased usernames). */
export function viewerIsModerator(viewerId: string | null, configured: string[]): SQL<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  const named = configured.length
    ? sql` or exists (select 1 from ${users} u where u.id = ${viewerId} and lower(u.username) in (${sql.join(
        configured.map((name) => sql`${name}`),
        sql`, `,
      )}))`
    : sql``;
  return sql<boolean>`(exists (select 1 from ${moderators} m where m.user_id = ${viewerId})${named})`;
}

export async function isModerator(
  userId: string | null,
  configured: string[],
  tx: Executor,
): Promise<boolean> {
  if (!userId) return false;
  const result = await tx.execute(sql`select ${viewerIsModerator(userId, configured)} as moderator`);
  // execute() is typed for any driver; PGlite and node-postgres both answer { rows }.
  const [row] = (result as unknown as { rows: { moderator: boolean }[] }).rows;
  return row?.moderator === true;
}
