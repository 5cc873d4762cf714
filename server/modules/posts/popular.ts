/**
 * The Popular feed's ranking (docs/decisions.md): topic posts of the last 30 days by
 *
 *   popular_rank = (upvotes − downvotes + comment_count / 2) / (age in hours + 2)^1.5
 *
 * in float8, ties newest first (created_at desc, then id desc). Room posts and older posts have no
 * rank (null) and are not in the feed.
 *
 * The rank is stored on the post row, so every instance reads the same order: a page is a walk of
 * posts_popular_idx. A new post is inserted with its rank; a vote or comment moves it in the same
 * transaction as the counters, scored at that moment. As the rank decays with time, every instance
 * calls refresh() every POPULAR_REFRESH_MS; on PostgreSQL an advisory lock lets one of them run at a
 * time. It re-scores the window in batches and unranks the posts that left it.
 */
import { and, desc, gt, inArray, isNotNull, isNull, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { anyOf } from '../../db/prepared.ts';
import { posts } from '../../db/schema.ts';
import { scheduleEvery } from '../../infra/schedule.ts';

const WINDOW_MS = 30 * 24 * 60 * 60_000;
/** In hours, not days: a day of a time zone's calendar can have 23 or 25. */
const WINDOW = sql.raw(`interval '${WINDOW_MS / 3_600_000} hours'`);
export const POPULAR_REFRESH_MS = 45_000;
/** Rows a refresh statement touches at most: a vote waits for one batch, never for a whole refresh. */
const REFRESH_BATCH = 1_000;
/** Any fixed number (the migrations use 7_245_001): one refresh at a time across the instances. */
const REFRESH_LOCK = 7_245_002;

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
const since = (now: Date) => new Date(now.getTime() - WINDOW_MS);

/** The columns a rank is computed from; a writer passes the values it is about to set. */
type RankInputs = Record<'upvotes' | 'downvotes' | 'commentCount' | 'createdAt' | 'subCommunity', SQLWrapper>;

/** The rank of a post at `now` (the formula above), null outside the feed. */
export function popularRank(now: SQL, changed: Partial<RankInputs> = {}): SQL {
  const p: RankInputs = {
    upvotes: posts.upvotes,
    downvotes: posts.downvotes,
    commentCount: posts.commentCount,
    createdAt: posts.createdAt,
    subCommunity: posts.subCommunity,
    ...changed,
  };
  // float8 throughout: extract() answers numeric, whose power() is several times slower per row.
  const ageHours = sql`greatest(extract(epoch from (${now} - ${p.createdAt}))::float8 / 3600, 0)`;
  // Each input in brackets: a writer's `comment_count + 1` must not become `comment_count + 1 / 2`.
  const score = sql`((${p.upvotes}) - (${p.downvotes}) + (${p.commentCount}) / 2.0::float8) / power(${ageHours} + 2, 1.5::float8)`;
  const ranked = sql`${p.subCommunity} is null and ${p.createdAt} > ${now} - ${WINDOW}`;
  return sql`case when ${ranked} then ${score} end`;
}

/** The rank at a moment of the app's clock, for a writer moving some of its inputs. */
export const popularRankAt = (now: Date, changed: Partial<RankInputs> = {}): SQL =>
  popularRank(at(now), changed);

/** A new post has no votes or comments yet: its score is 0 at any age, room posts are unranked. */
export const newPostRank = (room: string | null): number | null => (room ? null : 0);

/**
 * Which posts the feed lists and in what order (callers add newest first on ties), for a prepared
 * query: its placeholder `since` is bound to `popularSince(now)`. The window is checked here too: a
 * post leaves the feed at 30 days, not at the next refresh.
 */
export const popularFeed: { where: SQL | undefined; order: SQL[] } = {
  where: and(isNotNull(posts.popularRank), gt(posts.createdAt, sql.placeholder('since'))),
  order: [desc(posts.popularRank)],
};

/** The value of the feed's `since` at `now`: the window's start. */
export const popularSince = (now: Date): string => since(now).toISOString();

export class PopularRanking {
  constructor(
    private readonly deps: {
      db: Db;
      now: () => Date;
      /** PGlite: one process on one connection, so there is no other instance to lock out. */
      embedded: boolean;
    },
  ) {}

  /**
   * Re-scores every post of the window at the current time, and unranks those that left it, unless
   * another instance is refreshing (false then). The lock's transaction holds no rows: each batch
   * is a statement of its own on another connection. PGlite takes no lock: a transaction there would
   * hold every request until the refresh ends, where single batches let requests in between.
   */
  async refresh(): Promise<boolean> {
    const { db, embedded } = this.deps;
    const now = this.deps.now();
    if (embedded) {
      await refreshWindow(db, now);
      return true;
    }
    return db.transaction(async (lock) => {
      const result = await lock.execute(sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK}) as locked`);
      // execute() is typed for any driver; node-postgres answers { rows }.
      if (!(result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return false;
      await refreshWindow(db, now);
      return true;
    });
  }
}

async function refreshWindow(db: Db, now: Date): Promise<void> {
  await unrankOutOfWindow(db, now);
  await rescoreWindow(db, now);
}

async function unrankOutOfWindow(db: Db, now: Date): Promise<void> {
  for (;;) {
    const batch = db
      .select({ id: posts.id })
      .from(posts)
      .where(and(isNotNull(posts.popularRank), lte(posts.createdAt, since(now))))
      .limit(REFRESH_BATCH);
    const done = await db
      .update(posts)
      .set({ popularRank: null })
      .where(inArray(posts.id, batch))
      .returning({ id: posts.id });
    if (done.length < REFRESH_BATCH) return;
  }
}

/** Newest first along posts_created_idx, one batch after another from where the last one ended. */
async function rescoreWindow(db: Db, now: Date): Promise<void> {
  // The position is kept as text: a Date would drop the microseconds of rows written by SQL.
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const batch = await db
      .select({ id: posts.id, createdAt: sql<string>`${posts.createdAt}::text` })
      .from(posts)
      .where(
        and(
          isNull(posts.subCommunity),
          gt(posts.createdAt, since(now)),
          after &&
            sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
        ),
      )
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(REFRESH_BATCH);
    if (batch.length === 0) return;
    const ids = batch.map((row) => row.id);
    const rank = popularRankAt(now);
    // A post without votes or comments stays at 0: no row version written for it.
    await db
      .update(posts)
      .set({ popularRank: rank })
      .where(and(anyOf(posts.id, ids), sql`${posts.popularRank} is distinct from ${rank}`));
    if (batch.length < REFRESH_BATCH) return;
    after = batch.at(-1);
  }
}

/** Refreshes the ranking every POPULAR_REFRESH_MS while the app runs. */
export function schedulePopularRefresh(app: FastifyInstance, refresh: () => Promise<boolean>): void {
  scheduleEvery(app, { name: 'popular refresh', everyMs: POPULAR_REFRESH_MS, run: refresh });
}
