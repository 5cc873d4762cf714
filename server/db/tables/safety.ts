/**
 * Trust and safety (docs/moderation.md): moderators, reports, one moderation case per reported item,
 * blocks and hides. Whether an item is masked or removed is also kept on the item's own row
 * (`moderation`, community.ts) so every read path filters it without a join (server/modules/safety/visibility.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPEAL_STATES } from '../../../src/domain/appeals.ts';
import { REPORT_KINDS, REPORT_REASON_KEYS } from '../../../src/domain/safety.ts';
import { owner, users } from './accounts.ts';
import { at, id } from './columns.ts';

export const reportKind = pgEnum('report_kind', REPORT_KINDS);
export const reportReason = pgEnum('report_reason', REPORT_REASON_KEYS);
/** open: reported, waiting; proposed: a moderator proposed removal; removed; dismissed. */
export const caseStatus = pgEnum('case_status', ['open', 'proposed', 'removed', 'dismissed']);
export type CaseStatus = (typeof caseStatus.enumValues)[number];

/** Moderators added by `npm run quad -- moderators add` (MODERATORS names more, from configuration). */
export const moderators = pgTable('moderators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  addedAt: at('added_at').notNull().defaultNow(),
});

/** One report per reporter and item; reporting again changes the reason. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: reportKind('kind').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: reportReason('reason').notNull(),
    note: text('note'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The version of the item's text the report was filed against (tables/versions.ts; 0: the first). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_idx').on(t.reporterId, t.kind, t.targetId),
    index('reports_target_idx').on(t.kind, t.targetId),
  ],
);

/**
 * The moderation state of a reported item. `reporters` counts the distinct reporters since the case
 * was last closed; a proposal waits for a second moderator, who removes the item.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    kind: reportKind('kind').notNull(),
    targetId: uuid('target_id').notNull(),
    /** The author (or the account itself, or the room's owner): notified of masks and removals. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    status: caseStatus('status').notNull().default('open'),
    reporters: integer('reporters').notNull().default(0),
    firstReportedAt: at('first_reported_at').notNull(),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The second moderator, who confirmed the removal: neither decides its appeal. */
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    rule: reportReason('rule'),
    ruleNote: text('rule_note'),
    proposedAt: at('proposed_at'),
    removedAt: at('removed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.targetId] }),
    index('moderation_cases_queue_idx')
      .on(t.firstReportedAt, t.targetId)
      .where(sql`${t.status} in ('open', 'proposed')`),
    index('moderation_cases_log_idx').on(t.removedAt.desc()).where(sql`${t.status} = 'removed'`),
  ],
);

/** The blocker no longer sees the blocked person's content, notices or join requests. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** Posts and polls a person hid from their own feeds. */
export const hiddenItems = pgTable(
  'hidden_items',
  {
    userId: owner(),
    kind: reportKind('kind').notNull(),
    targetId: uuid('target_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.targetId] })],
);

/**
 * The private moderation record of reviews (docs/moderation.md "Private rooms"): each time a
 * moderator who is not a member read a reported item of a private room. Never sent to anyone; the
 * operators read it (`npm run quad -- moderators reviews`).
 */
export const moderatorReviews = pgTable(
  'moderator_reviews',
  {
    id: id(),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    kind: reportKind('kind').notNull(),
    targetId: uuid('target_id').notNull(),
    readAt: at('read_at').notNull(),
  },
  (t) => [
    index('moderator_reviews_read_idx').on(t.readAt.desc()),
    index('moderator_reviews_target_idx').on(t.kind, t.targetId),
  ],
);

/** pending: waiting for a moderator; restored: the item is back; upheld: it stays removed. */
export const appealStatus = pgEnum('appeal_status', APPEAL_STATES);
export type AppealStatus = (typeof appealStatus.enumValues)[number];

/**
 * One appeal per removed item, by its author, ever. It keeps the removal it answers (rule, time) and
 * who decided, so the public log still shows a restored item's removal beside "restored" after its
 * case was closed.
 */
export const appeals = pgTable(
  'appeals',
  {
    kind: reportKind('kind').notNull(),
    targetId: uuid('target_id').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: appealStatus('status').notNull().default('pending'),
    rule: reportReason('rule').notNull(),
    ruleNote: text('rule_note'),
    removedAt: at('removed_at').notNull(),
    createdAt: at('created_at').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.targetId] }),
    index('appeals_pending_idx').on(t.createdAt, t.targetId).where(sql`${t.status} = 'pending'`),
    index('appeals_restored_idx').on(t.removedAt.desc()).where(sql`${t.status} = 'restored'`),
  ],
);
