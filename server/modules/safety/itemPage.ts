/**
 * An item's own page (a post, poll, room or profile) under the visibility rule: a removed item answers
 * 410 with the rule it broke; an item by someone the viewer blocked is, for that viewer, not there.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ROOMS } from '../../../src/domain/messages.ts';
import { type ReportKind, ruleText, SAFETY } from '../../../src/domain/safety.ts';
import type { Executor } from '../../db/client.ts';
import { preparedOne } from '../../db/prepared.ts';
import { blocks, moderationCases, roomLog } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';

/** The 410 of a removed item: "Removed by moderators: {rule}", or "Removed by the room's owner". */
export async function removedError(kind: ReportKind, id: string, tx: Executor) {
  if (kind !== 'room' && kind !== 'user' && (await removedByOwner(kind, id, tx))) {
    return httpError(410, ROOMS.removedByOwner);
  }
  const [found] = await tx
    .select({ rule: moderationCases.rule, note: moderationCases.ruleNote })
    .from(moderationCases)
    .where(and(eq(moderationCases.kind, kind), eq(moderationCases.targetId, id)));
  return httpError(410, SAFETY.removedBy(found?.rule ? ruleText(found.rule, found.note) : 'Community rules'));
}

/** The room's owner removed the item (its room log says so: rooms/ownerModeration.ts). */
export async function removedByOwner(kind: 'post' | 'poll' | 'comment', id: string, tx: Executor) {
  const [row] = await tx
    .select({ id: roomLog.id })
    .from(roomLog)
    .where(and(eq(roomLog.kind, kind), eq(roomLog.targetId, id)))
    .limit(1);
  return row !== undefined;
}

const blockRead = preparedOne('has_blocked', (db) =>
  db
    .select({ at: blocks.createdAt })
    .from(blocks)
    .where(
      and(eq(blocks.blockerId, sql.placeholder('viewer')), eq(blocks.blockedId, sql.placeholder('author'))),
    ),
);

export async function hasBlocked(viewerId: string | null, authorId: string | null, tx: Executor) {
  if (!viewerId || !authorId) return false;
  const [row] = await blockRead(tx).execute({ viewer: viewerId, author: authorId });
  return row !== undefined;
}

/** Throws the page's answer when the viewer may not read it: 410 removed, 404 (`notFound`) blocked. */
export async function assertPageVisible(
  kind: ReportKind,
  item: { id: string; userId: string | null; moderation: string | null },
  viewerId: string | null,
  notFound: string,
  tx: Executor,
): Promise<void> {
  if (item.moderation === 'removed') throw await removedError(kind, item.id, tx);
  if (await hasBlocked(viewerId, item.userId, tx)) throw httpError(404, notFound);
}
