/**
 * A room owner moderates their own room (docs/moderation.md "Room owners"): removes a post, poll or
 * comment of the room, or a member. A removed item is `removed` on its row, like a moderators'
 * removal, so the one visibility rule takes it out of every list and page (safety/visibility.ts);
 * each action goes in the room's own log, which its members read. The log names the kind and the
 * time, never the item's words or the member; the author of a removed item is told.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { COMMENTS, POLLS, POSTS, ROOMS } from '../../../src/domain/messages.ts';
import type { RoomLogEntry, RoomMember } from '../../../src/domain/roomOwnerSchemas.ts';
import type { RemoveItemBody, RoomItemKind } from '../../../src/domain/roomValidation.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { comments, polls, posts, roomLog, roomMembers, users } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import type { NotificationService } from '../notifications/service.ts';
import { COMMENT_LABEL, noticeTarget, setModeration } from '../safety/targets.ts';
import { isOwner, type RoomAccess, roomAccessByRef } from './access.ts';

export interface RoomListPage {
  offset: number;
  limit: number;
}

const NOT_FOUND = { post: POSTS.notFound, poll: POLLS.notFound, comment: COMMENTS.notFound } as const;

/** The item with its room, author, label and state, locked: two removals take their turns. */
async function locate(kind: RoomItemKind, id: string, tx: Tx) {
  if (kind === 'comment') {
    const [row] = await tx
      .select({
        room: posts.subCommunity,
        authorId: comments.userId,
        label: sql<string>`left(${comments.body}, ${COMMENT_LABEL})`,
        moderation: comments.moderation,
        gone: comments.deleted,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(eq(comments.id, id))
      .for('update', { of: comments });
    return row ?? null;
  }
  const table = kind === 'post' ? posts : polls;
  const [row] = await tx
    .select({
      room: table.subCommunity,
      authorId: table.userId,
      label: table.title,
      moderation: table.moderation,
      gone: sql<boolean>`false`,
    })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  return row ?? null;
}

export class RoomModeration {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationService,
  ) {}

  private async owned(userId: string, ref: string, tx: Tx): Promise<RoomAccess> {
    const a = await roomAccessByRef(ref, userId, tx);
    if (!isOwner(a, userId)) throw httpError(403, ROOMS.notOwner);
    return a;
  }

  /** 404 unknown item, 400 a topic item, 403 not the room's owner, 409 removed already. */
  async removeItem(ownerId: string, body: RemoveItemBody): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const item = await locate(body.kind, body.id, tx);
      if (!item || item.gone) throw httpError(404, NOT_FOUND[body.kind]);
      if (!item.room) throw httpError(400, ROOMS.notInRoom);
      const room = await this.owned(ownerId, item.room, tx);
      if (item.moderation === 'removed') throw httpError(409, ROOMS.alreadyRemoved);
      await setModeration(body.kind, body.id, 'removed', tx);
      await tx
        .insert(roomLog)
        .values({ roomId: room.id, kind: body.kind, targetId: body.id, createdAt: this.ctx.now() });
      if (!item.authorId || item.authorId === ownerId) return;
      await this.notifications.notify(
        {
          kind: 'roomRemoval',
          toUser: item.authorId,
          fromUser: null,
          ...noticeTarget(body.kind, body.id),
          title: ROOMS.removedByOwner,
          body: item.label,
        },
        tx,
      );
    });
  }

  /** The owner removes a joined member (by username); they may ask to join again. */
  async removeMember(ownerId: string, title: string, username: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const room = await this.owned(ownerId, title, tx);
      const [person] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username.trim()}) and ${users.verifiedAt} is not null`);
      if (!person) throw httpError(404, ROOMS.userNotFound);
      if (person.id === room.creatorId) throw httpError(403, ROOMS.ownerStays);
      const [gone] = await tx
        .delete(roomMembers)
        .where(
          and(
            eq(roomMembers.roomId, room.id),
            eq(roomMembers.userId, person.id),
            eq(roomMembers.joined, true),
          ),
        )
        .returning({ userId: roomMembers.userId });
      if (!gone) throw httpError(404, ROOMS.notAMember);
      await tx
        .insert(roomLog)
        .values({ roomId: room.id, kind: 'member', targetId: person.id, createdAt: this.ctx.now() });
    });
  }

  /** The room's log, newest first, for its joined members (403 for anyone else). */
  async log(viewerId: string, ref: string, page: RoomListPage): Promise<RoomLogEntry[]> {
    const a = await roomAccessByRef(ref, viewerId, this.ctx.db);
    if (!a.joined) throw httpError(403, ROOMS.logMembersOnly);
    const rows = await this.ctx.db
      .select({ id: roomLog.id, kind: roomLog.kind, createdAt: roomLog.createdAt })
      .from(roomLog)
      .where(eq(roomLog.roomId, a.id))
      .orderBy(desc(roomLog.createdAt), desc(roomLog.id))
      .offset(page.offset)
      .limit(page.limit);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  }

  /** The joined members, the owner first, then by joining: for the owner only. */
  async members(ownerId: string, ref: string, page: RoomListPage): Promise<RoomMember[]> {
    const a = await this.ctx.db.transaction((tx) => this.owned(ownerId, ref, tx));
    const rows = await this.ctx.db
      .select({ username: users.username, dp: users.dp, userId: users.id })
      .from(roomMembers)
      .innerJoin(users, eq(users.id, roomMembers.userId))
      .where(and(eq(roomMembers.roomId, a.id), eq(roomMembers.joined, true)))
      .orderBy(sql`${users.id} = ${a.creatorId} desc`, asc(roomMembers.createdAt), asc(users.username))
      .offset(page.offset)
      .limit(page.limit);
    return rows.map((r) => ({ username: r.username, dp: r.dp, owner: r.userId === a.creatorId }));
  }
}
