/**
 * How a room is read everywhere (its page, the side nav's lists, after a change): the row with its
 * post, poll and member counts as correlated sub-selects, in one query.
 */
import { sql } from 'drizzle-orm';
import type { Room } from '../../../src/domain/entities.ts';
import { polls, posts, roomMembers, rooms } from '../../db/schema.ts';

type RoomRow = typeof rooms.$inferSelect;

/**
 * The room with its counts. The outer room is named in full ("rooms"."id"): drizzle leaves a column of
 * a one-table select unqualified, and inside a subquery on posts a bare "id" would be the post's own.
 */
const roomId = sql.raw('"rooms"."id"');
export const counted = {
  r: rooms,
  posts: sql<number>`(select count(*)::int from ${posts} p where p.sub_community = ${roomId})`,
  polls: sql<number>`(select count(*)::int from ${polls} q where q.sub_community = ${roomId})`,
  members: sql<number>`(select count(*)::int from ${roomMembers} m where m.room_id = ${roomId} and m.joined)`,
};

export function toRoom(row: { r: RoomRow; posts: number; polls: number; members: number }): Room {
  const { r } = row;
  return {
    id: r.id,
    title: r.title,
    desc: r.desc,
    img: r.img,
    bgImg: r.bgImg,
    privateRoom: r.private,
    CreatorId: r.creatorId,
    createdAt: r.createdAt.toISOString(),
    _count: { posts: Number(row.posts), polls: Number(row.polls), members: Number(row.members) },
  };
}
