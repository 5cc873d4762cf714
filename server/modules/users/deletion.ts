/**
 * u/deleteAccount: everything the user owns goes in one transaction, and the counters of what they
 * touched are recounted (docs/decisions.md: counters only follow writes made through the services,
 * and `ON DELETE CASCADE` alone would leave them high), and their Popular rank with them, as a vote
 * or a comment moves it (posts/popular.ts): the account's votes and comments leave the ranking at once.
 *
 * Order: the user's row first (concurrent changes to the account wait), then their rooms, then in
 * one statement and in id order every post the deletion removes or recounts (as every writer locks
 * posts, and before comments), so it cannot deadlock with votes, comments or another deletion.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { AUTH, COMMENTS } from '../../../src/domain/messages.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  comments,
  notifications,
  pollOptions,
  polls,
  pollVotes,
  posts,
  rooms,
  users,
  votes,
} from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import type { SessionService } from '../auth/sessions.ts';
import { popularRankAt } from '../posts/popular.ts';
import { removeUploadUrl } from '../rooms/files.ts';

const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
const tally = (table: 'post_id' | 'comment_id', id: unknown, value: 1 | -1) =>
  sql<number>`(select count(*)::int from ${votes} v where v.${sql.raw(table)} = ${id} and v.value = ${value}${
    table === 'post_id' ? sql` and v.comment_id is null` : sql``
  })`;

export class AccountDeletion {
  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionService,
  ) {}

  async delete(userId: string): Promise<void> {
    const files = await this.ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ dp: users.dp, bgImg: users.bgImg })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) throw httpError(401, AUTH.notSignedIn);
      const owned = await tx
        .select({ id: rooms.id, img: rooms.img, bgImg: rooms.bgImg })
        .from(rooms)
        .where(eq(rooms.creatorId, userId))
        .for('update');
      const roomIds = owned.map((r) => r.id);
      const doomed = await this.lockPosts(userId, roomIds, tx);
      await this.removeRoomsPostsAndPolls(userId, roomIds, doomed, tx);
      await this.withdrawVotesAndComments(userId, tx);
      await this.withdrawPollVotes(userId, tx);
      await tx.delete(notifications).where(eq(notifications.fromUser, userId));
      await this.sessions.revokeAll(userId, tx);
      // OTPs, reset grants, memberships and notices to the user go by cascade.
      await tx.delete(users).where(eq(users.id, userId));
      return [user.dp, user.bgImg, ...owned.flatMap((r) => [r.img, r.bgImg]), ...doomed.map((p) => p.img)];
    });
    for (const url of files) await removeUploadUrl(this.ctx, url);
  }

  /**
   * Locks the posts this deletion removes (the user's, and those of their rooms) or recounts (those
   * the user voted on or commented), in id order; returns those it removes.
   */
  private async lockPosts(userId: string, roomIds: string[], tx: Tx) {
    const inRooms = roomIds.length ? inArray(posts.subCommunity, roomIds) : undefined;
    const touched = sql`${posts.id} in (select post_id from ${votes} where user_id = ${userId}
      union select post_id from ${comments} where user_id = ${userId})`;
    const locked = await tx
      .select({ id: posts.id, img: posts.img, userId: posts.userId, room: posts.subCommunity })
      .from(posts)
      .where(or(eq(posts.userId, userId), inRooms, touched))
      .orderBy(posts.id)
      .for('update');
    return locked.filter((p) => p.userId === userId || (p.room !== null && roomIds.includes(p.room)));
  }

  /** The rooms the user created (their posts and polls whoever wrote them), and the user's own. */
  private async removeRoomsPostsAndPolls(
    userId: string,
    roomIds: string[],
    doomed: { id: string }[],
    tx: Tx,
  ): Promise<void> {
    const about = [...roomIds, ...doomed.map((p) => p.id)];
    if (about.length) await tx.delete(notifications).where(inArray(notifications.postId, about));
    // Posts, polls and memberships of the rooms go by cascade, with their comments and votes.
    if (roomIds.length) await tx.delete(rooms).where(inArray(rooms.id, roomIds));
    await tx.delete(posts).where(eq(posts.userId, userId));
    await tx.delete(polls).where(eq(polls.userId, userId));
  }

  /**
   * Votes and comments on others' posts (locked by lockPosts). The voted comments are locked (id
   * order), the votes go and their targets' counters are recounted; comments follow the rule of
   * posts/deleteComment: one with replies stays as '[deleted]', the rest go, and so does a
   * '[deleted]' parent left without replies.
   */
  private async withdrawVotesAndComments(userId: string, tx: Tx): Promise<void> {
    await tx
      .select({ id: comments.id })
      .from(comments)
      .where(
        sql`${comments.id} in (select comment_id from ${votes} where user_id = ${userId} and comment_id is not null)`,
      )
      .orderBy(comments.id)
      .for('no key update');

    const withdrawn = await tx
      .delete(votes)
      .where(eq(votes.userId, userId))
      .returning({ postId: votes.postId, commentId: votes.commentId });
    const votedPosts = unique(withdrawn.map((v) => (v.commentId ? null : v.postId)));
    const votedComments = unique(withdrawn.map((v) => v.commentId));
    if (votedPosts.length) {
      const upvotes = tally('post_id', posts.id, 1);
      const downvotes = tally('post_id', posts.id, -1);
      await tx
        .update(posts)
        .set({ upvotes, downvotes, popularRank: popularRankAt(this.ctx.now(), { upvotes, downvotes }) })
        .where(inArray(posts.id, votedPosts));
    }
    if (votedComments.length) {
      await tx
        .update(comments)
        .set({
          upvotes: tally('comment_id', comments.id, 1),
          downvotes: tally('comment_id', comments.id, -1),
        })
        .where(inArray(comments.id, votedComments));
    }

    const written = await tx
      .update(comments)
      .set({ deleted: true, body: COMMENTS.deletedBody, userId: null })
      .where(eq(comments.userId, userId))
      .returning({ postId: comments.postId });
    const commentedPosts = unique(written.map((c) => c.postId));
    if (!commentedPosts.length) return;
    await this.pruneDeleted(commentedPosts, tx);
    const commentCount = sql<number>`(select count(*)::int from ${comments} c where c.post_id = ${posts.id} and not c.deleted)`;
    await tx
      .update(posts)
      .set({ commentCount, popularRank: popularRankAt(this.ctx.now(), { commentCount }) })
      .where(inArray(posts.id, commentedPosts));
  }

  /** Removes '[deleted]' comments without replies in these posts, leaves first, until none is left. */
  private async pruneDeleted(postIds: string[], tx: Tx): Promise<void> {
    for (;;) {
      const removed = await tx
        .delete(comments)
        .where(
          and(
            inArray(comments.postId, postIds),
            eq(comments.deleted, true),
            sql`not exists (select 1 from ${comments} r where r.parent_id = ${comments.id})`,
          ),
        )
        .returning({ id: comments.id });
      if (!removed.length) return;
    }
  }

  /** Poll votes on others' polls: the polls locked (id order), the votes gone, options recounted. */
  private async withdrawPollVotes(userId: string, tx: Tx): Promise<void> {
    await tx
      .select({ id: polls.id })
      .from(polls)
      .where(sql`${polls.id} in (select poll_id from ${pollVotes} where user_id = ${userId})`)
      .orderBy(polls.id)
      .for('no key update');
    const withdrawn = await tx
      .delete(pollVotes)
      .where(eq(pollVotes.userId, userId))
      .returning({ optionId: pollVotes.optionId });
    const options = unique(withdrawn.map((v) => v.optionId));
    if (!options.length) return;
    await tx
      .update(pollOptions)
      .set({ votes: sql`(select count(*)::int from ${pollVotes} v where v.option_id = ${pollOptions.id})` })
      .where(inArray(pollOptions.id, options));
  }
}
