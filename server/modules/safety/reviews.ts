/**
 * Moderators reading reported items of private rooms they have not joined (docs/moderation.md
 * "Private rooms"). Whether they may is the visibility rule's (`underReview`, visibility.ts); this
 * asks it for one item and keeps the private moderation record: one row per read, never sent to
 * anyone, read by the operators (`npm run quad -- moderators reviews`).
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { ReportKind } from '../../../src/domain/safety.ts';
import type { Executor } from '../../db/client.ts';
import { oneRow, preparedRead } from '../../db/prepared.ts';
import { moderatorReviews, users } from '../../db/schema.ts';
import { assertPageVisible } from './itemPage.ts';
import { moderatorsParam, underReview, type Viewer, viewerParam, viewerValues } from './visibility.ts';

const reviewRead = preparedRead(
  'under_review',
  (kind: ReportKind) => kind,
  (db, kind) =>
    db
      .select({
        review: underReview(
          kind,
          sql`${sql.placeholder('id')}::uuid`,
          sql`${sql.placeholder('room')}::uuid`,
          viewerParam,
          moderatorsParam,
        ),
      })
      .from(oneRow),
);

/** The item reaches the viewer only as a reported item under review (never for members or in public rooms). */
export async function isUnderReview(
  kind: ReportKind,
  id: string,
  room: string | null,
  viewer: Viewer,
  tx: Executor,
): Promise<boolean> {
  if (!room || !viewer.id) return false;
  const [row] = await reviewRead(tx, kind).execute({ ...viewerValues(viewer), id, room });
  return row?.review === true;
}

export async function recordReview(
  moderatorId: string,
  kind: ReportKind,
  targetId: string,
  now: Date,
  tx: Executor,
): Promise<void> {
  await tx.insert(moderatorReviews).values({ moderatorId, kind, targetId, readAt: now });
}

export interface ItemOnPage {
  id: string;
  userId: string | null;
  moderation: string | null;
  /** The item's room; null for topic items. */
  room: string | null;
}

/**
 * The gate of a post's or poll's own page: a moderator under review reads the item (the read is
 * recorded); anyone else passes the room's own gate (`guardRoom`: 403 for a private room not
 * joined); then a removed item answers 410 and one by someone the viewer blocked 404 (`notFound`).
 * True when the item is read under review.
 */
export async function guardItemPage(
  kind: ReportKind,
  item: ItemOnPage,
  viewer: Viewer,
  gate: { guardRoom: () => Promise<void>; notFound: string; now: Date },
  tx: Executor,
): Promise<boolean> {
  const review = await isUnderReview(kind, item.id, item.room, viewer, tx);
  if (!review) await gate.guardRoom();
  await assertPageVisible(kind, item, viewer.id, gate.notFound, tx);
  if (review && viewer.id) await recordReview(viewer.id, kind, item.id, gate.now, tx);
  return review;
}

/** The record, newest first, for the operators: when, who, which item. */
export async function listReviews(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({
      readAt: moderatorReviews.readAt,
      kind: moderatorReviews.kind,
      targetId: moderatorReviews.targetId,
      moderator: users.username,
    })
    .from(moderatorReviews)
    .leftJoin(users, eq(users.id, moderatorReviews.moderatorId))
    .orderBy(desc(moderatorReviews.readAt), desc(moderatorReviews.id))
    .limit(limit);
  return rows.map(
    (r) => `${r.readAt.toISOString()}  ${r.moderator ?? '(deleted account)'}  read ${r.kind} ${r.targetId}`,
  );
}
