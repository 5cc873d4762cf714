/**
 * How a comment is read (its thread, its own page, the live stream's new comments): the row, its
 * author, the viewer's vote and its moderation in one query, and what the viewer may see of it. A
 * post's thread and a single comment are prepared queries (db/prepared.ts), one per kind of viewer.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Comment } from '../../../src/domain/entities.ts';
import { COMMENTS, ROOMS } from '../../../src/domain/messages.ts';
import { type ReportReason, ruleText } from '../../../src/domain/safety.ts';
import type { CommentSort } from '../../../src/domain/sorting.ts';
import type { Executor } from '../../db/client.ts';
import { preparedRead, type Who, whoOf } from '../../db/prepared.ts';
import { comments, moderationCases, posts, roomLog, users, votes } from '../../db/schema.ts';
import { commentOrder } from '../posts/sorting.ts';
import {
  blockedByViewer,
  roomReadable,
  type SafetyRead,
  safetyColumns,
  toSafetyFlags,
  type Viewer,
  type ViewerSql,
  viewerSql,
  viewerValues,
} from '../safety/visibility.ts';
import { asVote, viewerCommentVote } from '../votes/service.ts';

type CommentRow = typeof comments.$inferSelect;

/** A comment's columns as the visibility rule reads them (safety/visibility.ts). */
export const commentItem = { id: comments.id, userId: comments.userId, moderation: comments.moderation };

interface CommentRead {
  c: CommentRow;
  username: string | null;
  dp: string | null;
  myVote: number | null;
  safety: SafetyRead;
  authorBlocked: boolean;
  rule: ReportReason | null;
  ruleNote: string | null;
  ownerRemoved: boolean;
}

/**
 * A comment in its thread. Deleted ones read '[deleted]'; removed ones carry their rule and those by
 * someone the viewer blocked a collapsed line, both without body or author.
 */
export function toComment(r: CommentRead, viewer: Viewer): Comment {
  const { c } = r;
  const removedRule =
    c.moderation !== 'removed'
      ? null
      : r.ownerRemoved
        ? ROOMS.removedByOwner
        : ruleText(r.rule ?? 'other', r.ruleNote ?? 'Community rules');
  const withheld = c.deleted || removedRule !== null || r.authorBlocked;
  return {
    id: c.id,
    body: c.deleted ? COMMENTS.deletedBody : withheld ? '' : c.body,
    postId: c.postId,
    parentId: c.parentId,
    userId: withheld ? null : c.userId,
    user: withheld || r.username === null ? null : { username: r.username, dp: r.dp },
    deleted: c.deleted,
    createdAt: c.createdAt.toISOString(),
    editedAt: c.editedAt?.toISOString() ?? null,
    upvotes: c.upvotes,
    downvotes: c.downvotes,
    myVote: asVote(r.myVote),
    ...toSafetyFlags(r.safety, c.userId === viewer.id && !withheld, c.body, viewer.crisisKeywords),
    authorBlocked: r.authorBlocked && !c.deleted && removedRule === null,
    removedRule,
  };
}

/** Comments with their authors, the viewer's votes and moderation; callers add joins and filters. */
export function selectComments(viewer: ViewerSql, tx: Executor) {
  const viewerId = viewer.id;
  return tx
    .select({
      c: comments,
      username: users.username,
      dp: users.dp,
      myVote: votes.value,
      safety: safetyColumns('comment', commentItem, viewerId, viewer.moderators),
      authorBlocked: sql<boolean>`${blockedByViewer(comments.userId, viewerId)}`,
      rule: moderationCases.rule,
      ruleNote: moderationCases.ruleNote,
      ownerRemoved: sql<boolean>`(${comments.moderation} = 'removed' and exists (select 1 from ${roomLog} l
        where l.kind = 'comment' and l.target_id = ${comments.id}))`,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .leftJoin(votes, viewerCommentVote(viewerId))
    .leftJoin(
      moderationCases,
      and(
        eq(comments.moderation, 'removed'),
        eq(moderationCases.kind, 'comment'),
        eq(moderationCases.targetId, comments.id),
      ),
    )
    .$dynamic();
}

/** The comments of a post (placeholder `post`) in `sort`, when the viewer may read its room. */
const threadRead = preparedRead(
  'comment_thread',
  ({ who, sort }: { who: Who; sort: CommentSort }) => `${who}_${sort}`,
  (db, { who, sort }) => {
    const viewer = viewerSql(who);
    return selectComments(viewer, db)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.postId, sql.placeholder('post')), roomReadable(posts.subCommunity, viewer.id)))
      .orderBy(...commentOrder(sort));
  },
);

/**
 * Every comment of a post as its thread shows them to the viewer, in `sort` (posts/sorting.ts); none
 * when the viewer cannot read the post's room.
 */
export async function readThread(
  postId: string,
  viewer: Viewer,
  sort: CommentSort,
  tx: Executor,
): Promise<Comment[]> {
  const rows = await threadRead(tx, { who: whoOf(viewer.id), sort }).execute({
    ...viewerValues(viewer),
    post: postId,
  });
  return rows.map((r) => toComment(r, viewer));
}

const commentRead = preparedRead(
  'comment_one',
  (who: Who) => who,
  (db, who) => selectComments(viewerSql(who), db).where(eq(comments.id, sql.placeholder('id'))),
);

/** One comment as its thread shows it to the viewer, or null. */
export async function readComment(id: string, viewer: Viewer, tx: Executor): Promise<Comment | null> {
  const [row] = await commentRead(tx, whoOf(viewer.id)).execute({ ...viewerValues(viewer), id });
  return row ? toComment(row, viewer) : null;
}
