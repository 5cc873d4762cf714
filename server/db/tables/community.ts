/** Community content: rooms and their members, posts, comments, votes and polls. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { owner, users } from './accounts.ts';
import { at, id, moderation } from './columns.ts';

type FeedColumns = Record<'id' | 'userId' | 'topic' | 'subCommunity' | 'createdAt', ExtraConfigColumn>;
/** The indexes every feed of posts or polls reads by: newest first, per topic, per author, per room. */
const feedIndexes = (table: string, t: FeedColumns) => [
  index(`${table}_created_idx`).on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index(`${table}_topic_created_idx`).on(t.topic, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index(`${table}_user_created_idx`).on(t.userId, t.createdAt.desc().nullsFirst()),
  index(`${table}_sub_community_created_idx`).on(t.subCommunity, t.createdAt.desc().nullsFirst()),
];

/** User-created communities ("rooms"); titles are unique whatever their letter case. */
export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    title: text('title').notNull(),
    desc: text('desc'),
    /** Public path of the icon, e.g. /uploads/rooms/<uuid>.webp. */
    img: text('img'),
    bgImg: text('bg_img'),
    private: boolean('private').notNull().default(false),
    moderation: moderation(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * Stored counts of joined members, posts and polls, kept by triggers on those tables (migration
     * 0010) so that every insert, delete and cascade counts: the side nav lists up to 100 rooms.
     */
    memberCount: integer('member_count').notNull().default(0),
    postCount: integer('post_count').notNull().default(0),
    pollCount: integer('poll_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('rooms_title_lower_idx').on(sql`lower(${t.title})`),
    /** Search: ILIKE '%key%' through trigrams (pg_trgm); no pending list, so PGlite needs no vacuum. */
    index('rooms_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('rooms_creator_idx').on(t.creatorId),
    index('rooms_private_created_idx').on(t.private, t.createdAt.desc()),
    /** Whose icon or background an upload is (server/modules/safety/uploadAccess.ts). */
    index('rooms_img_idx').on(t.img).where(sql`${t.img} is not null`),
    index('rooms_bg_img_idx').on(t.bgImg).where(sql`${t.bgImg} is not null`),
  ],
);

/**
 * Members of rooms: joined false is a pending entry, either a request to a private room (invited
 * false, accepted by the owner) or the owner's invitation (invited true, accepted by joining).
 */
export const roomMembers = pgTable(
  'room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: owner(),
    joined: boolean('joined').notNull().default(false),
    invited: boolean('invited').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('room_members_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Posts carry counter columns (votes, visible comments) updated in the same transaction as the
 * vote or comment row, after the post row is locked: feeds and the popular ranking read them
 * without aggregating (docs/decisions.md, "Posts, votes and polls").
 */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    userId: owner(),
    title: text('title').notNull(),
    /** null for room posts (rooms issue). */
    topic: text('topic'),
    body: text('body').notNull(),
    /** Public path of the stored image, e.g. /uploads/posts/<uuid>.webp. */
    img: text('img'),
    /** The author's description of the image (its alt text); null without one or without an image. */
    imgAlt: text('img_alt'),
    /** The room of the post; null for topic posts. */
    subCommunity: uuid('sub_community').references(() => rooms.id, { onDelete: 'cascade' }),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    /** Comments not deleted. */
    commentCount: integer('comment_count').notNull().default(0),
    /**
     * The Popular feed's score (server/modules/posts/popular.ts); null for room posts and posts
     * older than its window. Set on insert, moved with the counters, refreshed as it decays.
     */
    popularRank: doublePrecision('popular_rank'),
    moderation: moderation(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the author last changed its body (POST posts/edit); null if never. */
    editedAt: at('edited_at'),
  },
  (t) => [
    ...feedIndexes('posts', t),
    /** Who an upload belongs to (server/modules/safety/uploadAccess.ts). */
    index('posts_img_idx').on(t.img).where(sql`${t.img} is not null`),
    index('posts_popular_idx')
      .on(t.popularRank.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.popularRank} is not null`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** null once deleted (kept as '[deleted]' while it has replies) or when the author left. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    moderation: moderation(),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the author last changed its text (POST posts/editComment); null if never. */
    editedAt: at('edited_at'),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt),
    index('comments_parent_idx').on(t.parentId),
    index('comments_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Post votes (comment_id null) and comment votes: one row per voter and target; 0 is no row. */
export const votes = pgTable(
  'votes',
  {
    id: id(),
    userId: owner(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('votes_user_post_idx').on(t.userId, t.postId).where(sql`${t.commentId} is null`),
    uniqueIndex('votes_user_comment_idx').on(t.userId, t.commentId).where(sql`${t.commentId} is not null`),
    index('votes_post_idx').on(t.postId),
    index('votes_comment_idx').on(t.commentId),
    check('votes_value_check', sql`${t.value} in (1, -1)`),
  ],
);

export const polls = pgTable(
  'polls',
  {
    id: id(),
    userId: owner(),
    title: text('title').notNull(),
    topic: text('topic'),
    subCommunity: uuid('sub_community').references(() => rooms.id, { onDelete: 'cascade' }),
    moderation: moderation(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the author last changed its title, before its first vote (POST poll/edit); null if never. */
    editedAt: at('edited_at'),
  },
  (t) => feedIndexes('polls', t),
);

export const pollOptions = pgTable(
  'poll_options',
  {
    id: id(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    text: text('text').notNull(),
    /** Counter of poll_votes on this option, moved in the vote's transaction. */
    votes: integer('votes').notNull().default(0),
  },
  (t) => [uniqueIndex('poll_options_poll_position_idx').on(t.pollId, t.position)],
);

/** One vote per user per poll: voting another option moves this row. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    id: id(),
    userId: owner(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('poll_votes_user_poll_idx').on(t.userId, t.pollId),
    index('poll_votes_poll_idx').on(t.pollId),
    index('poll_votes_option_idx').on(t.optionId),
  ],
);
