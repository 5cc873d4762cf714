/**
 * The room label of posts and polls (spec §3 Post `room`), with whether the viewer has joined the
 * room (cards ask members only to vote, comment and share): joined into their reads.
 */
import { sql } from 'drizzle-orm';
import type { RoomRef } from '../../../src/domain/entities.ts';
import { roomMembers, rooms } from '../../db/schema.ts';
import type { ViewerRef } from '../safety/visibility.ts';

/** Columns to select next to a post or poll left-joined with `rooms` (all null for topic items). */
export const roomRefColumns = (viewerId: ViewerRef) => ({
  roomId: rooms.id,
  roomTitle: rooms.title,
  roomCreatorId: rooms.creatorId,
  roomPrivate: sql<boolean | null>`${rooms.private}`,
  roomJoined: viewerId
    ? sql<boolean>`exists (select 1 from ${roomMembers} m where m.room_id = ${rooms.id}
        and m.user_id = ${viewerId} and m.joined)`
    : sql<boolean>`false`,
});

export interface RoomRefRead {
  roomId: string | null;
  roomTitle: string | null;
  roomCreatorId: string | null;
  roomPrivate: boolean | null;
  roomJoined: boolean;
}

export const toRoomRef = (r: RoomRefRead): RoomRef | null =>
  r.roomId && r.roomTitle && r.roomCreatorId
    ? {
        id: r.roomId,
        title: r.roomTitle,
        CreatorId: r.roomCreatorId,
        privateRoom: r.roomPrivate === true,
        joined: r.roomJoined,
      }
    : null;
