/**
 * Who moderates: the people MODERATORS names (usernames, any letter case) and those added with
 * `npm run quad -- moderators add <username>` (the moderators table). One rule, as SQL: the
 * visibility rule puts it inside its queries, `isModerator` asks it alone.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { oneRow, preparedOne } from '../../db/prepared.ts';
import { moderators, users } from '../../db/schema.ts';
import { type Moderators, moderatorsParam, type ViewerRef, viewerParam } from './visibility.ts';

/**
 * The viewer is a moderator: in the moderators table, or named in MODERATORS (lower-cased usernames;
 * a prepared query's placeholder is bound to the list, empty or not: `= any($n)`).
 */
export function viewerIsModerator(viewerId: ViewerRef, configured: Moderators): SQL<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  if (!Array.isArray(configured)) {
    return sql<boolean>`(exists (select 1 from ${moderators} m where m.user_id = ${viewerId})
      or exists (select 1 from ${users} u where u.id = ${viewerId} and lower(u.username) = any(${configured})))`;
  }
  const named = configured.length
    ? sql` or exists (select 1 from ${users} u where u.id = ${viewerId} and lower(u.username) in (${sql.join(
        configured.map((name) => sql`${name}`),
        sql`, `,
      )}))`
    : sql``;
  return sql<boolean>`(exists (select 1 from ${moderators} m where m.user_id = ${viewerId})${named})`;
}

const moderatorRead = preparedOne('is_moderator', (db) =>
  db.select({ moderator: viewerIsModerator(viewerParam, moderatorsParam) }).from(oneRow),
);

export async function isModerator(
  userId: string | null,
  configured: string[],
  tx: Executor,
): Promise<boolean> {
  if (!userId) return false;
  const [row] = await moderatorRead(tx).execute({ viewer: userId, mods: configured });
  return row?.moderator === true;
}
