/** Request budgets shared by every server process (server/infra/rateLimit.ts). */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * One row per budget key and fixed window: the key is `group:` plus a keyed hash of the account or
 * the client address. The table is UNLOGGED (migration 0004): counters need no crash safety.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
