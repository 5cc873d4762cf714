/**
 * Who may see and touch a room's content, read in one query (the room and the viewer's entry), and
 * the one place where a room named by a client (its id or its title) is resolved: `roomAccessByRef`.
 * Reading a public room is open; reading a private one needs a joined entry; writing in any room
 * (posting, voting, commenting) needs a joined entry. A removed room answers 410 everywhere.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ROOMS } from '../../../src/domain/messages.ts';
import type { Executor } from '../../db/client.ts';
import { preparedRead, type Who, whoOf } from '../../db/prepared.ts';
import { roomMembers, rooms } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { removedError } from '../safety/itemPage.ts';

export interface RoomAccess {
  id: string;
  title: string;
  creatorId: string;
  private: boolean;
  /** The viewer's entry: joined, pending (request or invitation), or none. */
  joined: boolean;
  pending: boolean;
  invited: boolean;
}

const viewerEntry = (who: Who) =>
  and(
    eq(roomMembers.roomId, rooms.id),
    who === 'member' ? eq(roomMembers.userId, sql.placeholder('viewer')) : sql`false`,
  );

/** The room named by its id or by its title (`ref`), with the viewer's entry: prepared per shape. */
const ROOM_BY = {
  id: eq(rooms.id, sql.placeholder('ref')),
  title: sql`lower(${rooms.title}) = lower(${sql.placeholder('ref')})`,
};

const accessRead = preparedRead(
  'room_access',
  ({ by, who }: { by: keyof typeof ROOM_BY; who: Who }) => `${by}_${who}`,
  (db, { by, who }) =>
    db
      .select({
        id: rooms.id,
        title: rooms.title,
        creatorId: rooms.creatorId,
        private: rooms.private,
        moderation: rooms.moderation,
        joined: roomMembers.joined,
        invited: roomMembers.invited,
      })
      .from(rooms)
      .leftJoin(roomMembers, viewerEntry(who))
      .where(ROOM_BY[by]),
);

async function read(by: keyof typeof ROOM_BY, ref: string, viewerId: string | null, tx: Executor) {
  const [row] = await accessRead(tx, { by, who: whoOf(viewerId) }).execute({ ref, viewer: viewerId });
  if (!row) throw httpError(404, ROOMS.notFound);
  if (row.moderation === 'removed') throw await removedError('room', row.id, tx);
  return {
    id: row.id,
    title: row.title,
    creatorId: row.creatorId,
    private: row.private,
    joined: row.joined === true,
    pending: row.joined === false,
    invited: row.joined === false && row.invited === true,
  } satisfies RoomAccess;
}

/** A room id as stored (a post's or poll's `sub_community`). */
export const roomAccessById = (roomId: string, viewerId: string | null, tx: Executor) =>
  read('id', roomId, viewerId, tx);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one rule for a room named by a client (a `title` or `subCommunity` of any route, a path's
 * `{title}` or `{roomId}`): a UUID is the room's id, anything else its title, matched whatever its
 * letter case. Titles are 3 to 25 characters, so no title reads as an id. Unknown: 404 'Room not found'.
 */
export const roomAccessByRef = (ref: string, viewerId: string | null, tx: Executor) => {
  const key = ref.trim();
  return UUID.test(key) ? roomAccessById(key.toLowerCase(), viewerId, tx) : read('title', key, viewerId, tx);
};

export const canRead = (a: RoomAccess) => !a.private || a.joined;

/** Owner = the creator, while a joined member (spec §4 Membership). */
export const isOwner = (a: RoomAccess, userId: string) => a.creatorId === userId && a.joined;

export function assertCanRead(a: RoomAccess): void {
  if (!canRead(a)) throw httpError(403, ROOMS.privateRoom);
}

/** Content of a room (null: topic content, open to all) read by the viewer. */
export async function guardRead(roomId: string | null, viewerId: string | null, tx: Executor) {
  if (roomId) assertCanRead(await roomAccessById(roomId, viewerId, tx));
}

function assertCanWrite(a: RoomAccess, msg: string): void {
  if (!a.joined) throw httpError(403, canRead(a) ? msg : ROOMS.privateRoom);
}

/** Writing in a room (null: topic content) needs a joined entry: 403 with `msg` otherwise. */
export async function guardWrite(roomId: string | null, userId: string, msg: string, tx: Executor) {
  if (roomId) assertCanWrite(await roomAccessById(roomId, userId, tx), msg);
}

/** The room a new post or poll goes to (its id or title as sent; null: a topic item), as guardWrite. */
export async function writableRoom(
  ref: string | null | undefined,
  userId: string,
  msg: string,
  tx: Executor,
): Promise<string | null> {
  if (!ref) return null;
  const a = await roomAccessByRef(ref, userId, tx);
  assertCanWrite(a, msg);
  return a.id;
}
