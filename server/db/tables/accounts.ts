/** Accounts: users, sessions, one-time codes and throttling rows. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CommentSort } from '../../../src/domain/sorting.ts';

import { at, id, moderation } from './columns.ts';

/** The user a row belongs to; it goes with them. */
export const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    /** HMAC-SHA256 of the normalised address under the server secret: look-ups only. */
    emailHash: text('email_hash').notNull().unique(),
    /** The address sealed under a key derived from the password. */
    emailSealed: text('email_sealed').notNull(),
    passwordHash: text('password_hash').notNull(),
    verifiedAt: at('verified_at'),
    bio: text('bio'),
    dp: text('dp'),
    bgImg: text('bg_img'),
    /** The LeetCode handle sealed under the server secret (shown to others only with show_lc). */
    leetcodeSealed: text('leetcode_sealed'),
    /** Keyed hash of the lower-cased handle: which handles are linked, without storing them in clear. */
    leetcodeHash: text('leetcode_hash'),
    /** Codeforces maxRank of the linked handle (the handle itself is not kept). */
    codeforces: text('codeforces'),
    showLc: boolean('show_lc').notNull().default(false),
    showCf: boolean('show_cf').notNull().default(false),
    /** The comment order the student chose last (src/domain/sorting.ts); null: never chosen. */
    commentSort: text('comment_sort').$type<CommentSort>(),
    moderation: moderation(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('users_comment_sort_check', sql`${t.commentSort} in ('best', 'top', 'new', 'old')`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    /** Search: ILIKE '%key%' through trigrams (pg_trgm); no pending list, so PGlite needs no vacuum. */
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('users_leetcode_hash_idx').on(t.leetcodeHash),
    /** Whose picture or banner an upload is (server/modules/safety/uploadAccess.ts). */
    index('users_dp_idx').on(t.dp).where(sql`${t.dp} is not null`),
    index('users_bg_img_idx').on(t.bgImg).where(sql`${t.bgImg} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 hex of the cookie token. */
    id: text('id').primaryKey(),
    userId: owner(),
    /** The owner's address sealed under a key derived from the cookie token. */
    emailSealed: text('email_sealed').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const otpPurpose = pgEnum('otp_purpose', ['signup', 'verify', 'reset']);
export type OtpPurpose = (typeof otpPurpose.enumValues)[number];

export const otps = pgTable(
  'otps',
  {
    id: id(),
    userId: owner(),
    purpose: otpPurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Set when used, burned, or replaced by a newer code. */
    consumedAt: at('consumed_at'),
  },
  (t) => [index('otps_user_created_idx').on(t.userId, t.createdAt)],
);

/** One row per verification attempt, for the hourly cap on guesses across codes. */
export const otpAttempts = pgTable(
  'otp_attempts',
  {
    id: id(),
    userId: owner(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('otp_attempts_user_created_idx').on(t.userId, t.createdAt)],
);

export const resetGrants = pgTable(
  'reset_grants',
  {
    /** SHA-256 hex of the grant cookie token. */
    id: text('id').primaryKey(),
    userId: owner(),
    /** The address sealed under a key derived from the grant token. */
    emailSealed: text('email_sealed').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('reset_grants_user_id_idx').on(t.userId)],
);

/** Failed sign-ins, keyed by a keyed hash of the account or of the client address. */
export const signinFailures = pgTable(
  'signin_failures',
  {
    id: id(),
    subject: text('subject').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('signin_failures_subject_created_idx').on(t.subject, t.createdAt)],
);
