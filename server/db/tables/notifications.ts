/** Notifications: what happened to a user's things, each with a kind and its target in the column of its kind. */
import { boolean, index, pgEnum, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '../../../src/domain/entities.ts';
import { users } from './accounts.ts';
import { at, id } from './columns.ts';
import { comments, polls, posts, rooms } from './community.ts';

export const notificationKind = pgEnum('notification_kind', NOTIFICATION_KINDS);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    toUser: uuid('to_user')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromUser: uuid('from_user').references(() => users.id, { onDelete: 'set null' }),
    kind: notificationKind('kind').notNull(),
    /** The target, in the column of its kind (src/domain/entities.ts NOTIFICATION_KINDS); it takes its notices with it. */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    pollId: uuid('poll_id').references(() => polls.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_to_user_created_idx').on(t.toUser, t.createdAt.desc()),
    index('notifications_post_idx').on(t.postId),
    index('notifications_poll_idx').on(t.pollId),
    index('notifications_comment_idx').on(t.commentId),
    index('notifications_room_idx').on(t.roomId),
  ],
);

/**
 * The ids of live events (server/modules/live/bus.ts): unique across every instance on one database,
 * taken as each event is published with NOTIFY.
 */
export const liveEventIds = pgSequence('live_event_ids', { cache: 1 });
