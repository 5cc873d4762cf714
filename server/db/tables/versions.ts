/**
 * Earlier versions of what authors edited (issue 33 "Edit"): a post's body, a poll's title, a
 * comment's text. Version n is the text before the item's n+1-th edit; the current text, on the
 * item's own row, is version "number of rows". A row names its item by one of three columns, so it
 * goes with the item (and its post, its author's account) by cascade; `target_id` is whichever is set.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, id } from './columns.ts';
import { comments, polls, posts } from './community.ts';

export const itemVersions = pgTable(
  'item_versions',
  {
    id: id(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    pollId: uuid('poll_id').references(() => polls.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id').notNull().generatedAlwaysAs(sql`coalesce(post_id, poll_id, comment_id)`),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    /** When the edit replaced this text. */
    replacedAt: at('replaced_at').notNull(),
  },
  (t) => [
    uniqueIndex('item_versions_target_version_idx').on(t.targetId, t.version),
    index('item_versions_post_idx').on(t.postId).where(sql`${t.postId} is not null`),
    index('item_versions_poll_idx').on(t.pollId).where(sql`${t.pollId} is not null`),
    index('item_versions_comment_idx').on(t.commentId).where(sql`${t.commentId} is not null`),
    check('item_versions_one_item_check', sql`num_nonnulls(${t.postId}, ${t.pollId}, ${t.commentId}) = 1`),
  ],
);
