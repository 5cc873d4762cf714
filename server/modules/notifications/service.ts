/** Notifications of a user, newest first, with the sender's username joined in (one query). */
import { desc, eq } from 'drizzle-orm';
import type { Notification } from '../../../src/domain/entities.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';

export const NOTIFICATIONS_SHOWN = 50;

export class NotificationService {
  constructor(private readonly ctx: AppContext) {}

  async latestFor(userId: string, tx: Executor = this.ctx.db): Promise<Notification[]> {
    const rows = await tx
      .select({ n: notifications, senderName: users.username })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.fromUser))
      .where(eq(notifications.toUser, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_SHOWN);
    return rows.map(({ n, senderName }) => ({
      id: n.id,
      postId: n.postId,
      title: n.title,
      body: n.body,
      fromUser: n.fromUser,
      toUser: n.toUser,
      isRead: n.isRead,
      createdAt: n.createdAt.toISOString(),
      user2: senderName === null ? null : { username: senderName },
    }));
  }
}
