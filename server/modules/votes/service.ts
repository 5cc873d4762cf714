/**
 * Post and comment votes. A vote locks its target row (the post or the comment; `no key update`,
 * which leaves foreign-key checks free) first, so votes on one target run one after another: the old value read, the vote row written (or removed for 0) and
 * the target's counters moved by the difference, all in one transaction. Counts stay exact under
 * any concurrency, with no read-modify-write outside the database. A post's Popular rank moves
 * with its counters (posts/popular.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tally } from '../../../src/domain/entities.ts';
import { COMMENTS, POSTS, ROOMS } from '../../../src/domain/messages.ts';
import type { VoteValue } from '../../../src/domain/postValidation.ts';
import type { AppContext } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { comments, posts, votes } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { publish } from '../live/bus.ts';
import { NOTICE_QUOTE_CHARS, type NotificationService, voteNoticeTitle } from '../notifications/service.ts';
import { popularRankAt } from '../posts/popular.ts';
import { guardRead, guardWrite } from '../rooms/access.ts';
import { removedError } from '../safety/itemPage.ts';
import type { ViewerRef } from '../safety/visibility.ts';

export const asVote = (value: number | null | undefined): VoteValue =>
  value === 1 ? 1 : value === -1 ? -1 : 0;

/** How much a change from one vote to another moves the up and down counters. */
const deltas = (before: VoteValue, after: VoteValue) => ({
  up: Number(after === 1) - Number(before === 1),
  down: Number(after === -1) - Number(before === -1),
});

const byViewer = (viewerId: ViewerRef) => (viewerId ? eq(votes.userId, viewerId) : sql`false`);

/** Join condition for the viewer's own vote on `posts` rows (no row for visitors). */
export const viewerPostVote = (viewerId: ViewerRef) =>
  and(eq(votes.postId, posts.id), isNull(votes.commentId), byViewer(viewerId));

/** Join condition for the viewer's own vote on `comments` rows (no row for visitors). */
export const viewerCommentVote = (viewerId: ViewerRef) =>
  and(eq(votes.commentId, comments.id), byViewer(viewerId));

export interface VoteTarget {
  postId: string;
  commentId: string | null;
}

export class VoteService {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationService,
  ) {}

  /** Sets the user's vote (1, -1, or 0 to remove it) and returns the tally after it. */
  vote(userId: string, target: VoteTarget, value: VoteValue): Promise<Tally> {
    return this.ctx.db.transaction((tx) =>
      target.commentId
        ? this.voteComment(userId, target.postId, target.commentId, value, tx)
        : this.votePost(userId, target.postId, value, tx),
    );
  }

  private async votePost(userId: string, postId: string, value: VoteValue, tx: Tx): Promise<Tally> {
    const [post] = await tx
      .select({
        userId: posts.userId,
        title: posts.title,
        room: posts.subCommunity,
        moderation: posts.moderation,
      })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('no key update');
    if (!post) throw httpError(404, POSTS.notFound);
    if (post.moderation === 'removed') throw await removedError('post', postId, tx);
    await guardWrite(post.room, userId, ROOMS.firstJoin, tx);
    const before = await this.setVote(userId, { postId, commentId: null }, value, tx);
    const { up, down } = deltas(before, value);
    const upvotes = sql`${posts.upvotes} + ${up}`;
    const downvotes = sql`${posts.downvotes} + ${down}`;
    const [tally] = await tx
      .update(posts)
      .set({ upvotes, downvotes, popularRank: popularRankAt(this.ctx.now(), { upvotes, downvotes }) })
      .where(eq(posts.id, postId))
      .returning({ upvotes: posts.upvotes, downvotes: posts.downvotes });
    if (value !== before) await publish(tx, { k: 'post', post: postId });
    // The author hears of others' new votes, not of their own nor of removals.
    if (value !== 0 && value !== before && post.userId !== userId) {
      await this.notifications.notifyOnce(
        {
          kind: 'postVote',
          toUser: post.userId,
          fromUser: userId,
          postId,
          title: voteNoticeTitle(value),
          body: post.title,
        },
        tx,
      );
    }
    return { upvotes: tally?.upvotes ?? 0, downvotes: tally?.downvotes ?? 0, myVote: value };
  }

  private async voteComment(
    userId: string,
    postId: string,
    commentId: string,
    value: VoteValue,
    tx: Tx,
  ): Promise<Tally> {
    // Post before comment, as every writer locks them: no deadlock with a deletion.
    const [post] = await tx
      .select({ room: posts.subCommunity })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('key share');
    if (!post) throw httpError(404, POSTS.notFound);
    await guardWrite(post.room, userId, ROOMS.firstJoin, tx);
    const [comment] = await tx
      .select({
        postId: comments.postId,
        userId: comments.userId,
        body: comments.body,
        deleted: comments.deleted,
      })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('no key update');
    if (!comment || comment.postId !== postId) throw httpError(404, COMMENTS.notFound);
    const before = await this.setVote(userId, { postId, commentId }, value, tx);
    const { up, down } = deltas(before, value);
    const [tally] = await tx
      .update(comments)
      .set({ upvotes: sql`${comments.upvotes} + ${up}`, downvotes: sql`${comments.downvotes} + ${down}` })
      .where(eq(comments.id, commentId))
      .returning({ upvotes: comments.upvotes, downvotes: comments.downvotes });
    if (value !== before) await publish(tx, { k: 'comment.votes', post: postId, comment: commentId });
    if (value !== 0 && value !== before && comment.userId && comment.userId !== userId && !comment.deleted) {
      await this.notifications.notifyOnce(
        {
          kind: 'commentVote',
          toUser: comment.userId,
          fromUser: userId,
          postId,
          commentId,
          title: value === 1 ? POSTS.commentUpvoted : POSTS.commentDownvoted,
          body: comment.body.slice(0, NOTICE_QUOTE_CHARS),
        },
        tx,
      );
    }
    return { upvotes: tally?.upvotes ?? 0, downvotes: tally?.downvotes ?? 0, myVote: value };
  }

  /** Writes the user's vote on the target (no row for 0) and returns the value it replaced. */
  private async setVote(userId: string, target: VoteTarget, value: VoteValue, tx: Tx): Promise<VoteValue> {
    const { postId, commentId } = target;
    const mine = commentId
      ? and(eq(votes.userId, userId), eq(votes.commentId, commentId))
      : and(eq(votes.userId, userId), eq(votes.postId, postId), isNull(votes.commentId));
    const [row] = await tx.select({ value: votes.value }).from(votes).where(mine);
    const before = asVote(row?.value);
    if (before === value) return before;
    if (value === 0) await tx.delete(votes).where(mine);
    else
      await tx
        .insert(votes)
        .values({ userId, postId, commentId, value, createdAt: this.ctx.now() })
        .onConflictDoUpdate(
          commentId
            ? {
                target: [votes.userId, votes.commentId],
                targetWhere: sql`${votes.commentId} is not null`,
                set: { value },
              }
            : { target: [votes.userId, votes.postId], targetWhere: isNull(votes.commentId), set: { value } },
        );
    return before;
  }

  /** The tally of a post or comment, and the viewer's vote (0 for visitors). */
  async tally(target: VoteTarget, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Tally> {
    const [post] = await tx
      .select({ room: posts.subCommunity })
      .from(posts)
      .where(eq(posts.id, target.postId));
    if (!post) throw httpError(404, POSTS.notFound);
    await guardRead(post.room, viewerId, tx);
    if (target.commentId) {
      const [row] = await tx
        .select({ upvotes: comments.upvotes, downvotes: comments.downvotes, myVote: votes.value })
        .from(comments)
        .leftJoin(votes, viewerCommentVote(viewerId))
        .where(and(eq(comments.id, target.commentId), eq(comments.postId, target.postId)));
      if (!row) throw httpError(404, COMMENTS.notFound);
      return { upvotes: row.upvotes, downvotes: row.downvotes, myVote: asVote(row.myVote) };
    }
    const [row] = await tx
      .select({ upvotes: posts.upvotes, downvotes: posts.downvotes, myVote: votes.value })
      .from(posts)
      .leftJoin(votes, viewerPostVote(viewerId))
      .where(eq(posts.id, target.postId));
    if (!row) throw httpError(404, POSTS.notFound);
    return { upvotes: row.upvotes, downvotes: row.downvotes, myVote: asVote(row.myVote) };
  }
}
