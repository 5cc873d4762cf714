/**
 * How a room is read everywhere (its page, the side nav's lists, after a change): the row with its
 * post, poll and member counts.
 */
import type { Room } from '../../../src/domain/entities.ts';
import { rooms } from '../../db/schema.ts';

type RoomRow = typeof rooms.$inferSelect;

/** The room with its counts (stored on the row, kept by triggers: migration 0010). */
export const counted = {
  r: rooms,
  posts: rooms.postCount,
  polls: rooms.pollCount,
  members: rooms.memberCount,
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
