/** The room label of posts and polls (spec §3 Post `room`): joined into their reads. */
import { sql } from 'drizzle-orm';
import type { RoomRef } from '../../../src/domain/entities.ts';
import { rooms } from '../../db/schema.ts';

/** Columns to select next to a post or poll left-joined with `rooms` (all null for topic items). */
export const roomRefColumns = {
  roomId: rooms.id,
  roomTitle: rooms.title,
  roomCreatorId: rooms.creatorId,
  roomPrivate: sql<boolean | null>`${rooms.private}`,
};

export interface RoomRefRead {
  roomId: string | null;
  roomTitle: string | null;
  roomCreatorId: string | null;
  roomPrivate: boolean | null;
}

export const toRoomRef = (r: RoomRefRead): RoomRef | null =>
  r.roomId && r.roomTitle && r.roomCreatorId
    ? { id: r.roomId, title: r.roomTitle, CreatorId: r.roomCreatorId, privateRoom: r.roomPrivate === true }
    : null;
