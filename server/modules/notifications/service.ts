/**
 * Notifications of a user, newest first, with the sender's username and, on a removal notice, how the
 * reader's appeal of it stands joined in (one query), marked read by their owner only; and the vote
 * notices, written by posts/vote or asked for by u/sendnotification, never twice alike.
 */
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Notification, NotificationKind } from '../../../src/domain/entities.ts';
import { AUTH, NOTIFICATIONS, POSTS } from '../../../src/domain/messages.ts';
import type { sendNotificationBodySchema } from '../../../src/domain/postValidation.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { inlined } from '../../db/paging.ts';
import { preparedOne } from '../../db/prepared.ts';
import { appeals, notifications, posts, reportKind, users, votes } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { publish } from '../live/bus.ts';
import { hasBlocked } from '../safety/itemPage.ts';
import { noticeVisible } from '../safety/visibility.ts';

const NOTIFICATIONS_SHOWN = 50;
type SendNotificationBody = z.infer<typeof sendNotificationBodySchema>;
export const NOTIFICATION_SENT = 'Notification sent';
/** How much of a comment its notices (votes, replies) quote. */
export const NOTICE_QUOTE_CHARS = 140;

/** A notice: its kind, and its target in the column of that kind (entities.ts NOTIFICATION_KINDS). */
export interface NewNotification {
  kind: NotificationKind;
  toUser: string;
  /** null for notices from Quad itself (moderation). */
  fromUser: string | null;
  postId?: string;
  pollId?: string;
  commentId?: string;
  roomId?: string;
  title: string;
  body: string;
}

interface NotificationRead {
  n: typeof notifications.$inferSelect;
  senderName: string | null;
  appeal: Notification['appeal'];
}

/**
 * The reader's appeal of the removal a notice tells of: keyed as appeals are, by the item's kind and
 * id (appeals' primary key), read from the one target column a removal notice fills (the order of
 * appeals.ts `appealTargetOf`). An account's removal names no item, and so no appeal.
 */
const appealOfNotice = and(
  eq(notifications.kind, 'removal'),
  eq(appeals.authorId, notifications.toUser),
  eq(
    appeals.kind,
    sql`(case when ${notifications.commentId} is not null then 'comment'
      when ${notifications.postId} is not null then 'post'
      when ${notifications.pollId} is not null then 'poll'
      when ${notifications.roomId} is not null then 'room' end)::${sql.identifier(reportKind.enumName)}`,
  ),
  eq(
    appeals.targetId,
    sql`coalesce(${notifications.commentId}, ${notifications.postId}, ${notifications.pollId}, ${notifications.roomId})`,
  ),
);

const sameTarget = (column: AnyPgColumn, value: string | undefined) =>
  value === undefined ? isNull(column) : eq(column, value);

/** The notice a vote value sends to the post's author. */
export const voteNoticeTitle = (value: number) => (value === 1 ? POSTS.upvoted : POSTS.downvoted);

/** Whose notifications a prepared read lists: bound to the reader's id at each execution. */
const reader = sql.placeholder('reader');

/**
 * The notifications matching `where` the reader may see (safety/visibility.ts), with the sender's
 * username and the state of the reader's appeal of a removal.
 */
function selectNotices(where: SQL | undefined, db: Executor) {
  return db
    .select({ n: notifications, senderName: users.username, appeal: appeals.status })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.fromUser))
    .leftJoin(appeals, appealOfNotice)
    .where(and(where, noticeVisible(notifications, reader)));
}

/** The latest notifications of the reader, newest first; prepared (db/prepared.ts). */
const latestRead = preparedOne('notifications_latest', (db) =>
  selectNotices(eq(notifications.toUser, reader), db)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(inlined(NOTIFICATIONS_SHOWN)),
);

/** One notification of the reader (placeholder `id`). */
const oneRead = preparedOne('notification_one', (db) =>
  selectNotices(and(eq(notifications.toUser, reader), eq(notifications.id, sql.placeholder('id'))), db),
);

function toNotification({ n, senderName, appeal }: NotificationRead): Notification {
  return {
    id: n.id,
    kind: n.kind,
    postId: n.postId,
    pollId: n.pollId,
    commentId: n.commentId,
    roomId: n.roomId,
    title: n.title,
    body: n.body,
    fromUser: n.fromUser,
    toUser: n.toUser,
    isRead: n.isRead,
    createdAt: n.createdAt.toISOString(),
    user2: senderName === null ? null : { username: senderName },
    appeal,
  };
}

export class NotificationService {
  constructor(private readonly ctx: AppContext) {}

  async latestFor(userId: string, tx: Executor = this.ctx.db): Promise<Notification[]> {
    const rows = await latestRead(tx).execute({ reader: userId });
    return rows.map(toNotification);
  }

  /** Marks every notification of the user read. */
  async markAllRead(userId: string): Promise<void> {
    await this.ctx.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.toUser, userId), eq(notifications.isRead, false)));
  }

  /** Marks one of the user's notifications read: 404 for another's or an unknown one. */
  async markRead(userId: string, id: string): Promise<void> {
    const marked = await this.ctx.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.toUser, userId)))
      .returning({ id: notifications.id });
    if (!marked.length) throw httpError(404, NOTIFICATIONS.notFound);
  }

  /**
   * Writes the notification unless the same sender already told the same user the same thing about
   * the same target (toggling a vote back and forth notifies once), or the user blocked the sender.
   * Callers hold the target's row lock, which makes the check and the insert atomic.
   */
  async notifyOnce(n: NewNotification, tx: Executor = this.ctx.db): Promise<boolean> {
    if (await hasBlocked(n.toUser, n.fromUser, tx)) return false;
    const [existing] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, n.kind),
          eq(notifications.toUser, n.toUser),
          n.fromUser === null ? isNull(notifications.fromUser) : eq(notifications.fromUser, n.fromUser),
          sameTarget(notifications.postId, n.postId),
          sameTarget(notifications.pollId, n.pollId),
          sameTarget(notifications.commentId, n.commentId),
          sameTarget(notifications.roomId, n.roomId),
          eq(notifications.title, n.title),
        ),
      )
      .limit(1);
    if (existing) return false;
    await this.notify(n, tx);
    return true;
  }

  /** Writes the notification (moderation notices, each its own event) and tells the live streams. */
  async notify(n: NewNotification, tx: Executor = this.ctx.db): Promise<void> {
    await this.notifyAll([n], tx);
  }

  /** Writes the notifications, each told to its user's live streams when `tx` commits. */
  async notifyAll(list: NewNotification[], tx: Executor = this.ctx.db): Promise<void> {
    if (!list.length) return;
    const createdAt = this.ctx.now();
    const written = await tx
      .insert(notifications)
      .values(list.map((n) => ({ ...n, createdAt })))
      .returning({ id: notifications.id, toUser: notifications.toUser });
    for (const { id, toUser } of written) {
      await publish(tx, { k: 'notification', user: toUser, notification: id });
    }
  }

  /** One of the user's notifications as `latestFor` lists it (the live stream), or null. */
  async one(userId: string, id: string, tx: Executor = this.ctx.db): Promise<Notification | null> {
    const [row] = await oneRead(tx).execute({ reader: userId, id });
    return row ? toNotification(row) : null;
  }

  /**
   * u/sendnotification: the vote notice the client asks for, accepted only when it is true: the
   * sender is the session user, `toUser` the post's author (not the sender), and the title matches
   * the sender's current vote on the post. The body is the post's title, whatever was sent.
   */
  async sendVoteNotice(senderId: string, body: SendNotificationBody): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const [post] = await tx
        .select({ userId: posts.userId, title: posts.title })
        .from(posts)
        .where(eq(posts.id, body.postId))
        .for('no key update');
      if (!post) throw httpError(404, POSTS.notFound);
      const forged =
        (body.fromUser !== undefined && body.fromUser !== senderId) ||
        body.toUser !== post.userId ||
        post.userId === senderId;
      if (forged) throw httpError(403, AUTH.forbidden);
      const [vote] = await tx
        .select({ value: votes.value })
        .from(votes)
        .where(and(eq(votes.postId, body.postId), eq(votes.userId, senderId), isNull(votes.commentId)));
      if (!vote || voteNoticeTitle(vote.value) !== body.title) throw httpError(403, AUTH.forbidden);
      await this.notifyOnce(
        {
          kind: 'postVote',
          toUser: post.userId,
          fromUser: senderId,
          postId: body.postId,
          title: body.title,
          body: post.title,
        },
        tx,
      );
    });
  }
}
