/**
 * Rooms: creation, the lists of the side nav, membership (join, request, invitation, acceptance,
 * decline, withdrawal, leaving), the owner's changes (rename, images, deletion). Each read is one
 * query (read.ts); the side nav's lists and the room's page are prepared (db/prepared.ts).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { NotificationKind, Room } from '../../../src/domain/entities.ts';
import { ROOMS } from '../../../src/domain/messages.ts';
import type { CreateRoomFields } from '../../../src/domain/roomValidation.ts';
import { SAFETY } from '../../../src/domain/safety.ts';
import type { AppContext } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { inlined } from '../../db/paging.ts';
import { preparedOne, preparedRead, type Who, whoOf } from '../../db/prepared.ts';
import { notifications, posts, roomMembers, rooms, users } from '../../db/schema.ts';
import { httpError, isUniqueViolation } from '../../infra/errors.ts';
import { storeUpload } from '../../infra/imageStore.ts';
import { publicUrl } from '../../infra/storage.ts';
import type { NotificationService } from '../notifications/service.ts';
import { hasBlocked } from '../safety/itemPage.ts';
import {
  maskColumns,
  moderatorsParam,
  roomListable,
  viewerOf,
  viewerParam,
  viewerSql,
  viewerValues,
} from '../safety/visibility.ts';
import { checkWriteLimit } from '../safety/writeLimit.ts';
import { isOwner, type RoomAccess, roomAccessByRef } from './access.ts';
import { removeUpload, removeUploadUrl } from './files.ts';
import { counted, toRoom } from './read.ts';

const LIST_MAX = 100;
export type RoomImageField = 'img' | 'bgImg';

const byTitle = (title: string) => sql`lower(${rooms.title}) = lower(${title.trim()})`;

/** The viewer's owned and joined rooms the side bar may list (safety/visibility.ts). */
const mineRead = preparedOne('rooms_mine', (db) =>
  db
    .select(counted)
    .from(roomMembers)
    .innerJoin(rooms, eq(rooms.id, roomMembers.roomId))
    .where(
      and(
        eq(roomMembers.userId, viewerParam),
        eq(roomMembers.joined, true),
        roomListable(rooms, viewerParam, moderatorsParam),
      ),
    )
    .orderBy(desc(roomMembers.createdAt), desc(rooms.id))
    .limit(inlined(LIST_MAX)),
);

/** Public rooms the viewer has not joined (all public rooms for a visitor) the side bar may list. */
const notJoinedRead = preparedRead(
  'rooms_not_joined',
  (who: Who) => who,
  (db, who) => {
    const viewer = viewerSql(who);
    const joined = viewer.id
      ? sql`not exists (select 1 from ${roomMembers} m where m.room_id = ${rooms.id} and m.user_id = ${viewer.id} and m.joined)`
      : sql`true`;
    return db
      .select(counted)
      .from(rooms)
      .where(and(eq(rooms.private, false), joined, roomListable(rooms, viewer.id, viewer.moderators)))
      .orderBy(desc(rooms.createdAt), desc(rooms.id))
      .limit(inlined(LIST_MAX));
  },
);

/** A room's page: the room with its counts and its mask as the viewer reads it. */
const showRead = preparedRead(
  'room_show',
  (who: Who) => who,
  (db, who) => {
    const viewer = viewerSql(who);
    const owned = { userId: rooms.creatorId, moderation: rooms.moderation };
    return db
      .select({ ...counted, ...maskColumns(owned, viewer.id, viewer.moderators) })
      .from(rooms)
      .where(eq(rooms.id, sql.placeholder('room')));
  },
);

/** `userId`'s request to join the room, while it waits (an invitation is `invited`). */
const pendingRequest = (roomId: string, userId: string) =>
  and(
    eq(roomMembers.roomId, roomId),
    eq(roomMembers.userId, userId),
    eq(roomMembers.joined, false),
    eq(roomMembers.invited, false),
  );

export class RoomService {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationService,
  ) {}

  async room(id: string, tx: Executor = this.ctx.db): Promise<Room> {
    const [row] = await tx.select(counted).from(rooms).where(eq(rooms.id, id));
    if (!row) throw httpError(404, ROOMS.notFound);
    return toRoom(row);
  }

  /** The user's owned and joined rooms, newest entry first. */
  async mine(userId: string): Promise<{ joined: boolean; room: Room }[]> {
    const rows = await mineRead(this.ctx.db).execute(viewerValues(viewerOf(this.ctx.config, userId)));
    return rows.map((row) => ({ joined: true, room: toRoom(row) }));
  }

  /** Public rooms the viewer has not joined (all public rooms for a visitor), newest first. */
  async notJoined(viewerId: string | null): Promise<Room[]> {
    const rows = await notJoinedRead(this.ctx.db, whoOf(viewerId)).execute(
      viewerValues(viewerOf(this.ctx.config, viewerId)),
    );
    return rows.map(toRoom);
  }

  async isAvailable(title: string): Promise<boolean> {
    const [row] = await this.ctx.db.select({ id: rooms.id }).from(rooms).where(byTitle(title));
    return !row;
  }

  /** The creator becomes the room's first joined member; a taken name (any case) is 409. */
  async create(userId: string, fields: CreateRoomFields, image: Buffer | null): Promise<Room> {
    const key = image ? await storeUpload(this.ctx.storage, 'rooms', image, 'picture') : null;
    try {
      return await this.ctx.db.transaction(async (tx) => {
        await checkWriteLimit(this.ctx, tx, userId, 'rooms');
        const now = this.ctx.now();
        const [row] = await tx
          .insert(rooms)
          .values({
            title: fields.title,
            desc: fields.desc,
            img: key ? publicUrl(key) : null,
            private: fields.privacy,
            creatorId: userId,
            createdAt: now,
          })
          .returning({ id: rooms.id });
        if (!row) throw new Error('room insert returned no row');
        await tx.insert(roomMembers).values({ roomId: row.id, userId, joined: true, createdAt: now });
        return this.room(row.id, tx);
      });
    } catch (error) {
      if (key) await removeUpload(this.ctx, key);
      if (isUniqueViolation(error)) throw httpError(409, ROOMS.notAvailable(fields.title));
      throw error;
    }
  }

  /**
   * The room as the viewer may see it, with its mask after reports; `access` tells the route whether
   * to answer 403.
   */
  async show(title: string, viewerId: string | null) {
    const access = await roomAccessByRef(title, viewerId, this.ctx.db);
    const [row] = await showRead(this.ctx.db, whoOf(viewerId)).execute({
      ...viewerValues(viewerOf(this.ctx.config, viewerId)),
      room: access.id,
    });
    if (!row) throw httpError(404, ROOMS.notFound);
    return { access, room: toRoom(row), mask: { masked: row.masked, maskedForOthers: row.maskedForOthers } };
  }

  /**
   * Public room: joined at once. Private: only with the owner's invitation (else 403); accepting an
   * invitation this way marks its notice read, as the owner's acceptance marks the request's.
   */
  async join(userId: string, title: string): Promise<{ msg: string; room: Room }> {
    return this.ctx.db.transaction(async (tx) => {
      const a = await roomAccessByRef(title, userId, tx);
      if (a.joined) return { msg: ROOMS.alreadyMember, room: await this.room(a.id, tx) };
      if (a.private && !a.invited) throw httpError(403, ROOMS.privateRoom);
      if (a.invited) await this.markNoticesRead('roomInvitation', a.id, userId, tx);
      await tx
        .insert(roomMembers)
        .values({ roomId: a.id, userId, joined: true, createdAt: this.ctx.now() })
        .onConflictDoUpdate({
          target: [roomMembers.roomId, roomMembers.userId],
          set: { joined: true, createdAt: this.ctx.now() },
        });
      return { msg: ROOMS.joined, room: await this.room(a.id, tx) };
    });
  }

  /** A member (or a pending entry) leaves; the owner deletes the room instead. */
  async leave(userId: string, ref: string): Promise<void> {
    const a = await roomAccessByRef(ref, userId, this.ctx.db);
    if (a.creatorId === userId) throw httpError(403, ROOMS.ownerCannotLeave);
    if (!a.joined && !a.pending) throw httpError(404, ROOMS.notMember);
    await this.ctx.db
      .delete(roomMembers)
      .where(and(eq(roomMembers.roomId, a.id), eq(roomMembers.userId, userId)));
  }

  private async owned(userId: string, title: string, tx: Executor): Promise<RoomAccess> {
    const a = await roomAccessByRef(title, userId, tx);
    if (!isOwner(a, userId)) throw httpError(403, ROOMS.notOwner);
    return a;
  }

  async rename(userId: string, title: string, newTitle: string): Promise<Room> {
    const a = await this.owned(userId, title, this.ctx.db);
    try {
      await this.ctx.db.update(rooms).set({ title: newTitle }).where(eq(rooms.id, a.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw httpError(409, ROOMS.notAvailable(newTitle));
      throw error;
    }
    return this.room(a.id);
  }

  /**
   * Add member (spec §2 Room page, §6): the owner of any room, or a member of a public room, invites
   * `username` (a pending invitation, accepted by joining; a member of a private room may not: 'Only
   * You can add people'). Someone not in the room may only ask the owner of a private room to let
   * them in (a pending request, naming themselves or the owner). Either way one 'Join My Room' notice.
   */
  async addUser(callerId: string, username: string, title: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const a = await roomAccessByRef(title, callerId, tx);
      const [target] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.username}) = lower(${username.trim()})`,
            sql`${users.verifiedAt} is not null`,
          ),
        );
      if (!target) throw httpError(404, ROOMS.userNotFound);
      const to = a.joined ? target.id : a.creatorId;
      if (to !== callerId && (await hasBlocked(to, callerId, tx))) throw httpError(403, SAFETY.blockedYou);
      if (a.joined) {
        if (a.private && !isOwner(a, callerId)) throw httpError(403, ROOMS.notOwner);
        const entry = await this.entry(a.id, target.id, tx);
        if (entry?.joined || target.id === callerId) throw httpError(409, ROOMS.alreadyMember);
        if (!entry) await this.addPending(a.id, target.id, true, tx);
        await this.notice(a, callerId, target.id, tx);
        return;
      }
      if (target.id !== callerId && target.id !== a.creatorId)
        throw httpError(403, a.private ? ROOMS.notOwner : ROOMS.membersInvite);
      if (!a.private) throw httpError(400, ROOMS.publicRoom);
      if (!a.pending) await this.addPending(a.id, callerId, false, tx);
      await this.notice(a, callerId, a.creatorId, tx);
    });
  }

  private async entry(roomId: string, userId: string, tx: Tx) {
    const [row] = await tx
      .select({ joined: roomMembers.joined })
      .from(roomMembers)
      .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)));
    return row ?? null;
  }

  private async addPending(roomId: string, userId: string, invited: boolean, tx: Tx) {
    await tx
      .insert(roomMembers)
      .values({ roomId, userId, joined: false, invited, createdAt: this.ctx.now() })
      .onConflictDoNothing();
  }

  /** The 'Join My Room' notice: a request when it goes to the owner, an invitation otherwise. */
  private notice(a: RoomAccess, fromUser: string, toUser: string, tx: Tx) {
    const kind = toUser === a.creatorId ? 'joinRequest' : 'roomInvitation';
    return this.notifications.notifyOnce(
      { kind, toUser, fromUser, roomId: a.id, title: ROOMS.joinRequestTitle, body: a.title },
      tx,
    );
  }

  /**
   * The owner accepts a pending request of `fromUser`; its notice is marked read and the person who
   * asked is told (kind `requestAccepted`).
   */
  async accept(ownerId: string, title: string, fromUser: string): Promise<Room> {
    return this.ctx.db.transaction(async (tx) => {
      const a = await this.owned(ownerId, title, tx);
      const [done] = await tx
        .update(roomMembers)
        .set({ joined: true, invited: false, createdAt: this.ctx.now() })
        .where(pendingRequest(a.id, fromUser))
        .returning({ userId: roomMembers.userId });
      if (!done) throw httpError(404, ROOMS.noRequest);
      await tx
        .update(notifications)
        .set({ isRead: true })
        .where(
          and(
            eq(notifications.toUser, ownerId),
            eq(notifications.fromUser, fromUser),
            eq(notifications.roomId, a.id),
          ),
        );
      await this.answer(a, 'requestAccepted', fromUser, tx);
      return this.room(a.id, tx);
    });
  }

  /**
   * The owner declines a pending request of `fromUser`: the request goes (they may ask again), so
   * does its notice (a new request notifies afresh), and the person who asked is told (kind
   * `requestDeclined`). No request (an invitation, a member, nobody): 404.
   */
  async decline(ownerId: string, title: string, fromUser: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const a = await this.owned(ownerId, title, tx);
      const [gone] = await tx
        .delete(roomMembers)
        .where(pendingRequest(a.id, fromUser))
        .returning({ userId: roomMembers.userId });
      if (!gone) throw httpError(404, ROOMS.noRequest);
      await this.dropRequestNotices(a.id, fromUser, tx);
      await this.answer(a, 'requestDeclined', fromUser, tx);
    });
  }

  /**
   * The person who asked withdraws their pending request: it goes, and with it the owner's notice
   * (nothing left to accept). No pending request of theirs (an invitation, a member, nobody): 404.
   */
  async cancelRequest(userId: string, title: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const a = await roomAccessByRef(title, userId, tx);
      const [gone] = await tx
        .delete(roomMembers)
        .where(pendingRequest(a.id, userId))
        .returning({ userId: roomMembers.userId });
      if (!gone) throw httpError(404, ROOMS.noOwnRequest);
      await this.dropRequestNotices(a.id, userId, tx);
    });
  }

  /** The owner's 'Join My Room' notices of `fromUser`'s request to the room. */
  private async dropRequestNotices(roomId: string, fromUser: string, tx: Tx) {
    await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.kind, 'joinRequest'),
          eq(notifications.roomId, roomId),
          eq(notifications.fromUser, fromUser),
        ),
      );
  }

  private async markNoticesRead(kind: NotificationKind, roomId: string, toUser: string, tx: Tx) {
    await tx
      .update(notifications)
      .set({ isRead: true })
      .where(
        and(eq(notifications.kind, kind), eq(notifications.roomId, roomId), eq(notifications.toUser, toUser)),
      );
  }

  /**
   * The owner's answer to the person who asked, each its own notice (asking again after a decline is
   * answered again), unless they blocked the owner. The body is the room's title, as the request's.
   */
  private async answer(
    a: RoomAccess,
    kind: 'requestAccepted' | 'requestDeclined',
    toUser: string,
    tx: Tx,
  ): Promise<void> {
    if (await hasBlocked(toUser, a.creatorId, tx)) return;
    const title = kind === 'requestAccepted' ? ROOMS.requestAcceptedTitle : ROOMS.requestDeclinedTitle;
    await this.notifications.notify(
      { kind, toUser, fromUser: a.creatorId, roomId: a.id, title, body: a.title },
      tx,
    );
  }

  /** Owner only: a new icon or background, re-encoded; the old file goes after the row changes. */
  async setImage(userId: string, title: string, field: RoomImageField, image: Buffer): Promise<Room> {
    const a = await this.owned(userId, title, this.ctx.db);
    const key = await storeUpload(this.ctx.storage, 'rooms', image, field === 'img' ? 'picture' : 'banner');
    const [old] = await this.ctx.db.select({ url: rooms[field] }).from(rooms).where(eq(rooms.id, a.id));
    await this.ctx.db
      .update(rooms)
      .set({ [field]: publicUrl(key) })
      .where(eq(rooms.id, a.id));
    await removeUploadUrl(this.ctx, old?.url ?? null);
    return this.room(a.id);
  }

  /** Owner only: posts, polls, memberships go by cascade; notices about them here; files last. */
  async delete(userId: string, title: string): Promise<void> {
    const files = await this.ctx.db.transaction(async (tx) => {
      const a = await this.owned(userId, title, tx);
      const [room] = await tx.select().from(rooms).where(eq(rooms.id, a.id)).for('update');
      const roomPosts = await tx
        .select({ id: posts.id, img: posts.img })
        .from(posts)
        .where(eq(posts.subCommunity, a.id));
      // The room's notices, and those of its posts and polls, go by cascade.
      await tx.delete(rooms).where(eq(rooms.id, a.id));
      return [room?.img ?? null, room?.bgImg ?? null, ...roomPosts.map((p) => p.img)];
    });
    for (const url of files) await removeUploadUrl(this.ctx, url);
  }
}
