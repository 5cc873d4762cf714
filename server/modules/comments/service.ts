/**
 * Comments: flat lists per post (oldest first, with parentId; the client nests them), creation,
 * and deletion by the comment's author or the post's author. A comment with replies stays as
 * '[deleted]' (text erased, author dropped); one without is removed, and so are deleted ancestors
 * it was the last reply of. Every write locks the post row first and keeps its comment counter
 * (comments not deleted) in the same transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Comment } from '../../../src/domain/entities.ts';
import { COMMENTS, POSTS, ROOMS } from '../../../src/domain/messages.ts';
import type { CreateCommentBody } from '../../../src/domain/postValidation.ts';
import type { AppContext } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { comments, posts, users, votes } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { popularRankAt } from '../posts/popular.ts';
import { guardWrite } from '../rooms/access.ts';
import { asVote, viewerCommentVote } from '../votes/service.ts';

type CommentRow = typeof comments.$inferSelect;

function toComment(
  c: CommentRow,
  author: { username: string; dp: string | null } | null,
  myVote: number | null,
): Comment {
  return {
    id: c.id,
    body: c.deleted ? COMMENTS.deletedBody : c.body,
    postId: c.postId,
    parentId: c.parentId,
    userId: c.deleted ? null : c.userId,
    user: c.deleted ? null : author,
    deleted: c.deleted,
    createdAt: c.createdAt.toISOString(),
    upvotes: c.upvotes,
    downvotes: c.downvotes,
    myVote: asVote(myVote),
  };
}

export class CommentService {
  constructor(private readonly ctx: AppContext) {}

  /** Every comment of a post, oldest first, in one query with authors and the viewer's votes. */
  async forPost(postId: string, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Comment[]> {
    const rows = await tx
      .select({ c: comments, username: users.username, dp: users.dp, myVote: votes.value })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .leftJoin(votes, viewerCommentVote(viewerId))
      .where(eq(comments.postId, postId))
      .orderBy(asc(comments.createdAt), asc(comments.id));
    return rows.map((r) =>
      toComment(r.c, r.username === null ? null : { username: r.username, dp: r.dp }, r.myVote),
    );
  }

  async create(userId: string, input: CreateCommentBody): Promise<Comment> {
    return this.ctx.db.transaction(async (tx) => {
      // Counting first locks the post: its comments are written one transaction at a time.
      const [post] = await tx
        .update(posts)
        .set(this.countComments(1))
        .where(eq(posts.id, input.postId))
        .returning({ id: posts.id, room: posts.subCommunity });
      if (!post) throw httpError(404, POSTS.notFound);
      await guardWrite(post.room, userId, ROOMS.firstJoin, tx);
      if (input.commentId) {
        const [parent] = await tx
          .select({ id: comments.id })
          .from(comments)
          .where(and(eq(comments.id, input.commentId), eq(comments.postId, input.postId)));
        if (!parent) throw httpError(404, COMMENTS.notFound);
      }
      const [row] = await tx
        .insert(comments)
        .values({
          postId: input.postId,
          parentId: input.commentId ?? null,
          userId,
          body: input.content,
          createdAt: this.ctx.now(),
        })
        .returning();
      const [author] = await tx
        .select({ username: users.username, dp: users.dp })
        .from(users)
        .where(eq(users.id, userId));
      if (!row || !author) throw new Error('comment insert returned no row');
      return toComment(row, author, null);
    });
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const [found] = await tx.select({ postId: comments.postId }).from(comments).where(eq(comments.id, id));
      if (!found) throw httpError(404, COMMENTS.notFound);
      const [post] = await tx
        .select({ userId: posts.userId })
        .from(posts)
        .where(eq(posts.id, found.postId))
        .for('no key update');
      const [comment] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
      if (!post || !comment || comment.deleted) throw httpError(404, COMMENTS.notFound);
      if (comment.userId !== userId && post.userId !== userId) throw httpError(403, POSTS.notAuthor);
      if (await this.hasReplies(id, tx)) {
        await tx
          .update(comments)
          .set({ deleted: true, body: COMMENTS.deletedBody, userId: null })
          .where(eq(comments.id, id));
      } else {
        await tx.delete(comments).where(eq(comments.id, id));
        await this.pruneDeletedAncestors(comment.parentId, tx);
      }
      await tx.update(posts).set(this.countComments(-1)).where(eq(posts.id, comment.postId));
    });
  }

  /** The post's comment counter moved by `delta`, and its Popular rank with it (posts/popular.ts). */
  private countComments(delta: 1 | -1) {
    const commentCount = sql`${posts.commentCount} + ${delta}`;
    return { commentCount, popularRank: popularRankAt(this.ctx.now(), { commentCount }) };
  }

  private async hasReplies(id: string, tx: Tx): Promise<boolean> {
    const [reply] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.parentId, id))
      .limit(1);
    return reply !== undefined;
  }

  /** A '[deleted]' comment whose last reply went has nothing left to show: it goes too, upwards. */
  private async pruneDeletedAncestors(parentId: string | null, tx: Tx): Promise<void> {
    let next = parentId;
    while (next) {
      const [parent] = await tx
        .select({ parentId: comments.parentId })
        .from(comments)
        .where(and(eq(comments.id, next), eq(comments.deleted, true)));
      if (!parent || (await this.hasReplies(next, tx))) return;
      await tx.delete(comments).where(eq(comments.id, next));
      next = parent.parentId;
    }
  }
}
