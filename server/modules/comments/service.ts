/**
 * Comments: flat lists per post (oldest first, with parentId; the client nests them), creation,
 * and deletion by the comment's author or the post's author. A comment with replies stays as
 * '[deleted]' (text erased, author dropped); one without is removed, and so are deleted ancestors
 * it was the last reply of. Every write locks the post row first and keeps its comment counter
 * (comments not deleted) in the same transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Comment, CommentPage } from '../../../src/domain/entities.ts';
import { COMMENTS, POSTS, ROOMS } from '../../../src/domain/messages.ts';
import type { CreateCommentBody } from '../../../src/domain/postValidation.ts';
import type { AppContext } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { comments, posts, users } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { publish } from '../live/bus.ts';
import { NOTICE_QUOTE_CHARS, type NotificationService } from '../notifications/service.ts';
import { popularRankAt } from '../posts/popular.ts';
import { guardRead, guardWrite } from '../rooms/access.ts';
import { removedError } from '../safety/itemPage.ts';
import { guardItemPage } from '../safety/reviews.ts';
import { viewerOf } from '../safety/visibility.ts';
import { checkWriteLimit } from '../safety/writeLimit.ts';
import { readComment, readThread, toComment } from './read.ts';

export class CommentService {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationService,
  ) {}

  /**
   * Every comment of a post, oldest first, in one query with authors, the viewer's votes and
   * moderation; none when the viewer cannot read the post's room (a moderator reviewing a reported
   * post of a private room reads that post alone: safety/visibility.ts).
   */
  forPost(postId: string, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Comment[]> {
    return readThread(postId, viewerOf(this.ctx.config, viewerId), tx);
  }

  /** One comment as its thread shows it to the viewer (the live stream's new comments), or null. */
  one(id: string, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Comment | null> {
    return readComment(id, viewerOf(this.ctx.config, viewerId), tx);
  }

  /**
   * A comment's own page: as its thread shows it to whoever may read the post's room; to a moderator
   * who has not joined a private room, only a reported comment, read-only and recorded
   * (safety/reviews.ts), and `review` says so. 403 for the room's other readers, 410 inside a removed
   * post, 404 unknown.
   */
  async page(id: string, viewerId: string | null, tx: Executor = this.ctx.db): Promise<CommentPage> {
    const viewer = viewerOf(this.ctx.config, viewerId);
    const [found] = await tx
      .select({
        userId: comments.userId,
        moderation: comments.moderation,
        deleted: comments.deleted,
        postId: posts.id,
        room: posts.subCommunity,
        postModeration: posts.moderation,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(eq(comments.id, id));
    if (!found || found.deleted) throw httpError(404, COMMENTS.notFound);
    if (found.postModeration === 'removed') throw await removedError('post', found.postId, tx);
    const { room } = found;
    const review = await guardItemPage(
      'comment',
      { id, userId: found.userId, moderation: found.moderation, room },
      viewer,
      { guardRoom: () => guardRead(room, viewerId, tx), notFound: COMMENTS.notFound, now: this.ctx.now() },
      tx,
    );
    const comment = await this.one(id, viewerId, tx);
    if (!comment) throw httpError(404, COMMENTS.notFound);
    return { comment, review };
  }

  async create(userId: string, input: CreateCommentBody): Promise<Comment> {
    return this.ctx.db.transaction(async (tx) => {
      await checkWriteLimit(this.ctx, tx, userId, 'comments');
      // Counting first locks the post: its comments are written one transaction at a time.
      const [post] = await tx
        .update(posts)
        .set(this.countComments(1))
        .where(eq(posts.id, input.postId))
        .returning({
          id: posts.id,
          room: posts.subCommunity,
          moderation: posts.moderation,
          userId: posts.userId,
          title: posts.title,
        });
      if (!post) throw httpError(404, POSTS.notFound);
      if (post.moderation === 'removed') throw await removedError('post', post.id, tx);
      await guardWrite(post.room, userId, ROOMS.firstJoin, tx);
      let parent: { userId: string | null } | undefined;
      if (input.commentId) {
        [parent] = await tx
          .select({ userId: comments.userId })
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
      await publish(tx, { k: 'comment.added', post: post.id, comment: row.id });
      // The one replied to hears of it: the parent comment's author, or the post's for a top-level comment.
      const repliedTo = parent ? parent.userId : post.userId;
      if (repliedTo && repliedTo !== userId) {
        await this.notifications.notifyOnce(
          {
            kind: 'reply',
            toUser: repliedTo,
            fromUser: userId,
            postId: post.id,
            commentId: row.id,
            title: parent ? POSTS.repliedToComment : POSTS.repliedToPost,
            body: row.body.slice(0, NOTICE_QUOTE_CHARS),
          },
          tx,
        );
      }
      const fresh = { masked: false, maskedForOthers: false, selfHarmReported: false };
      return toComment(
        {
          c: row,
          ...author,
          myVote: null,
          safety: fresh,
          authorBlocked: false,
          rule: null,
          ruleNote: null,
          ownerRemoved: false,
        },
        viewerOf(this.ctx.config, userId),
      );
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
      const kept = await this.hasReplies(id, tx);
      if (kept) {
        await tx
          .update(comments)
          .set({ deleted: true, body: COMMENTS.deletedBody, userId: null })
          .where(eq(comments.id, id));
      } else {
        await tx.delete(comments).where(eq(comments.id, id));
        await this.pruneDeletedAncestors(comment.parentId, tx);
      }
      await publish(tx, { k: 'comment.deleted', post: comment.postId, comment: id, kept });
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
