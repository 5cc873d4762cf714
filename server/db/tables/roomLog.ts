/**
 * A room owner's moderation of their own room (docs/moderation.md "Room owners"): each post, poll or
 * comment the owner removed and each member they removed, in the room's own log, which its members
 * read. The log names the kind and the time, never the item's words or the member.
 */
import { index, pgEnum, pgTable, uuid } from 'drizzle-orm/pg-core';
import { at, id } from './columns.ts';
import { rooms } from './community.ts';

export const ROOM_LOG_KINDS = ['post', 'poll', 'comment', 'member'] as const;
export const roomLogKind = pgEnum('room_log_kind', ROOM_LOG_KINDS);

export const roomLog = pgTable(
  'room_log',
  {
    id: id(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    kind: roomLogKind('kind').notNull(),
    /** The removed post, poll or comment, or the removed member's account (never sent). */
    targetId: uuid('target_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('room_log_room_idx').on(t.roomId, t.createdAt.desc(), t.id.desc()),
    index('room_log_target_idx').on(t.targetId),
  ],
);
