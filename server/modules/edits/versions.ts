/**
 * The versions an edit keeps (db/tables/versions.ts): the text it replaces is stored as the item's
 * next version, and a report records the version current when it was filed, so moderators see what
 * was reported (safety/queue.ts).
 */
import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { EDITS, EDITS_MAX } from '../../../src/domain/editText.ts';
import type { Tx } from '../../db/client.ts';
import { itemVersions, reports } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';

/** The item whose text is replaced, by the column that names it. */
export type VersionOf = { postId: string } | { pollId: string } | { commentId: string };

const targetOf = (item: VersionOf) =>
  'postId' in item ? item.postId : 'pollId' in item ? item.pollId : item.commentId;

/**
 * Keeps `text` as the item's next version before an edit replaces it; 409 once the item was edited
 * EDITS_MAX times. Call it with the item's row locked.
 */
export async function keepVersion(tx: Tx, item: VersionOf, text: string, replacedAt: Date): Promise<void> {
  const [kept] = await tx
    .select({ n: count() })
    .from(itemVersions)
    .where(eq(itemVersions.targetId, targetOf(item)));
  const version = kept?.n ?? 0;
  if (version >= EDITS_MAX) throw httpError(409, EDITS.tooMany);
  await tx.insert(itemVersions).values({ ...item, version, text, replacedAt });
}

/** The version of an item's current text, as a column: how many earlier ones were kept (0 for rooms, people). */
export const currentVersion = (targetId: string) =>
  sql<number>`(select count(*)::int from ${itemVersions} v where v.target_id = ${targetId})`;

/**
 * The text reporters of a case saw, as a column of the moderation queue: its oldest reported version
 * when the item was edited since, null otherwise. `reportsOfCase` picks the case's reports (alias r).
 */
export const reportedText = (targetId: AnyPgColumn, reportsOfCase: SQL) =>
  sql<string | null>`(select v.text from ${itemVersions} v where v.target_id = ${targetId}
    and v.version = (select min(r.version) from ${reports} r where ${reportsOfCase}))`;
