/**
 * Editing (issue 33 "Edit", docs/api.md "Editing"): the author changes a post's body, a poll's
 * question before its first vote, or a comment's text. The item's row is locked, the text it had is
 * kept as a version (versions.ts), the new one stored with `editedAt`, and the live stream told, in
 * one transaction. The answer is the item as its author reads it. Refusals: 404 unknown (and
 * '[deleted]' comments), 403 someone else's or a room the author may no longer write in, 410 removed
 * by moderators or the room's owner, 409 a poll already voted on.
 */
import { eq, exists } from 'drizzle-orm';
import { EDITS, type EditKind } from '../../../src/domain/editText.ts';
import type { Comment, Poll, Post } from '../../../src/domain/entities.ts';
import { COMMENTS, POLLS, POSTS, ROOMS } from '../../../src/domain/messages.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { comments, polls, pollVotes, posts } from '../../db/schema.ts';
import type { ModerationState } from '../../db/tables/columns.ts';
import { httpError } from '../../infra/errors.ts';
import type { CommentService } from '../comments/service.ts';
import { publish } from '../live/bus.ts';
import type { PollService } from '../polls/service.ts';
import type { PostService } from '../posts/service.ts';
import { guardWrite } from '../rooms/access.ts';
import { removedError } from '../safety/itemPage.ts';
import { keepVersion } from './versions.ts';

/** An edited item's locked row, as the rules read it. */
interface Editable {
  userId: string | null;
  text: string;
  moderation: ModerationState | null;
  room: string | null;
}

export class EditService {
  constructor(
    private readonly ctx: AppContext,
    private readonly reads: { posts: PostService; polls: PollService; comments: CommentService },
  ) {}

  async post(userId: string, id: string, body: string): Promise<Post> {
    await this.ctx.db.transaction(async (tx) => {
      const [post] = await tx
        .select({
          userId: posts.userId,
          text: posts.body,
          moderation: posts.moderation,
          room: posts.subCommunity,
        })
        .from(posts)
        .where(eq(posts.id, id))
        .for('update');
      if (!post) throw httpError(404, POSTS.notFound);
      if (!(await this.changes('post', id, post, { userId, text: body, firstJoin: ROOMS.firstJoin }, tx)))
        return;
      const now = this.ctx.now();
      await keepVersion(tx, { postId: id }, post.text, now);
      await tx.update(posts).set({ body, editedAt: now }).where(eq(posts.id, id));
      await publish(tx, { k: 'post.edited', post: id });
    });
    return this.reads.posts.one(id, userId);
  }

  /** Only before the first vote: voters chose an answer to the question as it was. */
  async poll(userId: string, id: string, title: string): Promise<Poll> {
    await this.ctx.db.transaction(async (tx) => {
      const [poll] = await tx
        .select({
          userId: polls.userId,
          text: polls.title,
          moderation: polls.moderation,
          room: polls.subCommunity,
          voted: exists(tx.select().from(pollVotes).where(eq(pollVotes.pollId, polls.id))),
        })
        .from(polls)
        .where(eq(polls.id, id))
        .for('update');
      if (!poll) throw httpError(404, POLLS.notFound);
      if (
        !(await this.changes('poll', id, poll, { userId, text: title, firstJoin: ROOMS.firstJoinPoll }, tx))
      ) {
        return;
      }
      if (poll.voted) throw httpError(409, EDITS.pollVoted);
      const now = this.ctx.now();
      await keepVersion(tx, { pollId: id }, poll.text, now);
      await tx.update(polls).set({ title, editedAt: now }).where(eq(polls.id, id));
      await publish(tx, { k: 'poll.edited', poll: id });
    });
    return this.reads.polls.one(id, userId);
  }

  async comment(userId: string, id: string, body: string): Promise<Comment> {
    await this.ctx.db.transaction(async (tx) => {
      const [comment] = await tx
        .select({
          userId: comments.userId,
          text: comments.body,
          moderation: comments.moderation,
          deleted: comments.deleted,
          postId: comments.postId,
        })
        .from(comments)
        .where(eq(comments.id, id))
        .for('update');
      if (!comment || comment.deleted) throw httpError(404, COMMENTS.notFound);
      const [post] = await tx
        .select({ room: posts.subCommunity, moderation: posts.moderation })
        .from(posts)
        .where(eq(posts.id, comment.postId));
      if (!post) throw httpError(404, COMMENTS.notFound);
      const item = { ...comment, room: post.room };
      const changed = await this.changes(
        'comment',
        id,
        item,
        { userId, text: body, firstJoin: ROOMS.firstJoin },
        tx,
      );
      if (post.moderation === 'removed') throw await removedError('post', comment.postId, tx);
      if (!changed) return;
      const now = this.ctx.now();
      await keepVersion(tx, { commentId: id }, comment.text, now);
      await tx.update(comments).set({ body, editedAt: now }).where(eq(comments.id, id));
      await publish(tx, { k: 'comment.edited', post: comment.postId, comment: id });
    });
    const comment = await this.reads.comments.one(id, userId);
    if (!comment) throw httpError(404, COMMENTS.notFound);
    return comment;
  }

  /**
   * Whether the edit changes anything, once it may be made at all: only by the author (403), not once
   * removed (410), only where the author may still write (a room left or closed: 403). The same text
   * again keeps no version and moves no `editedAt`.
   */
  private async changes(
    kind: EditKind,
    id: string,
    item: Editable,
    edit: { userId: string; text: string; firstJoin: string },
    tx: Tx,
  ): Promise<boolean> {
    if (item.userId !== edit.userId) throw httpError(403, POSTS.notAuthor);
    if (item.moderation === 'removed') throw await removedError(kind, id, tx);
    await guardWrite(item.room, edit.userId, edit.firstJoin, tx);
    return item.text !== edit.text;
  }
}
