/**
 * Who moderates: the people MODERATORS names (usernames, any letter case) and those added with
 * `npm run quad -- moderators add <username>` (the moderators table).
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { moderators, users } from '../../db/schema.ts';

export async function isModerator(
  userId: string | null,
  configured: string[],
  tx: Executor,
): Promise<boolean> {
  if (!userId) return false;
  const [row] = await tx
    .select({ username: users.username, listed: moderators.userId })
    .from(users)
    .leftJoin(moderators, eq(moderators.userId, users.id))
    .where(eq(users.id, userId));
  return row !== undefined && (row.listed !== null || configured.includes(row.username.toLowerCase()));
}
