/**
 * Hourly write limits per account (WRITE_LIMITS, docs/moderation.md): posts, polls, comments, rooms
 * and reports. The count is of the person's own rows created in the last hour, read inside the
 * transaction that writes the new one under an advisory lock on the account, so parallel requests
 * (on any number of server processes) take their turns and cannot slip past. Moderators are exempt.
 */
import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SAFETY } from '../../../src/domain/safety.ts';
import type { AppContext } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { comments, polls, posts, reports, rooms } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import type { WriteKind } from '../../safetyConfig.ts';
import { isModerator } from './moderators.ts';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Whose rows, and when each was written, by kind. */
const COUNTED: Record<WriteKind, { owner: AnyPgColumn; at: AnyPgColumn }> = {
  posts: { owner: posts.userId, at: posts.createdAt },
  polls: { owner: polls.userId, at: polls.createdAt },
  comments: { owner: comments.userId, at: comments.createdAt },
  rooms: { owner: rooms.creatorId, at: rooms.createdAt },
  reports: { owner: reports.reporterId, at: reports.createdAt },
};

/**
 * Refuses with 425 when the account already created its hourly number of `kind`. Call it inside the
 * transaction that creates the item, before the insert.
 */
export async function checkWriteLimit(ctx: AppContext, tx: Tx, userId: string, kind: WriteKind) {
  const limit = ctx.config.safety.writeLimits[kind];
  if (limit === 0 || (await isModerator(userId, ctx.config.safety.moderators, tx))) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`write-limit:${userId}`}, 0))`);
  const now = ctx.now();
  const { owner, at } = COUNTED[kind];
  // The limit-th newest row of the hour: while it is inside the hour, the account is at its limit.
  const [oldest] = await tx
    .select({ at: sql<Date>`${at}`.mapWith(at) as SQL<Date> })
    .from(owner.table)
    .where(and(eq(owner, userId), gt(at, new Date(now.getTime() - HOUR_MS))))
    .orderBy(desc(at))
    .offset(limit - 1)
    .limit(1);
  if (!oldest) return;
  const leavesAt = oldest.at.getTime() + HOUR_MS;
  throw httpError(425, SAFETY.writeLimited(Math.max(1, Math.ceil((leavesAt - now.getTime()) / MINUTE_MS))));
}

/** `write` in a transaction that first checks the write limit (for a create outside one). */
export const withinWriteLimit = <T>(
  ctx: AppContext,
  userId: string,
  kind: WriteKind,
  write: (tx: Executor) => Promise<T>,
): Promise<T> =>
  ctx.db.transaction(async (tx) => {
    await checkWriteLimit(ctx, tx, userId, kind);
    return write(tx);
  });
