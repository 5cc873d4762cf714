/**
 * The popular feed's ranking (docs/decisions.md): topic posts of the last 30 days by
 * (up − down + comments / 2) / (age in hours + 2)^1.5, ties newest first.
 *
 * Ranking means scoring and sorting every recent topic post (about 14,000 on a full campus), so each
 * process keeps the ids of the first KEPT posts for a minute and pages read those posts by id: their
 * counts and the viewer's vote are read fresh on every request, only the order is up to a minute old.
 * Concurrent requests share one ranking query. Pages past the kept ids are ranked on the spot.
 */
import { and, desc, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { posts } from '../../db/schema.ts';

const WINDOW_MS = 30 * 24 * 60 * 60_000;
const KEPT_FOR_MS = 60_000;
/** 50 pages of 10: far more than anyone scrolls. */
export const POPULAR_KEPT = 500;

export class PopularRanking {
  private kept: { at: number; ids: Promise<string[]> } | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** Which posts are ranked and in what order, scored at the current time. */
  query(): { where: SQL | undefined; order: SQL[] } {
    const now = this.ctx.now();
    // float8 throughout: extract() answers numeric, whose power() is several times slower per row.
    const ageHours = sql`greatest(extract(epoch from (${now.toISOString()}::timestamptz - ${posts.createdAt}))::float8 / 3600, 0)`;
    const score = sql`(${posts.upvotes} - ${posts.downvotes} + ${posts.commentCount} / 2.0::float8) / power(${ageHours} + 2, 1.5::float8)`;
    const since = new Date(now.getTime() - WINDOW_MS);
    return { where: and(isNull(posts.subCommunity), gt(posts.createdAt, since)), order: [desc(score)] };
  }

  /** The ids of the first POPULAR_KEPT ranked posts, at most a minute old. */
  firstIds(tx: Executor): Promise<string[]> {
    const now = this.ctx.now().getTime();
    if (this.kept && now - this.kept.at < KEPT_FOR_MS) return this.kept.ids;
    const { where, order } = this.query();
    const ids = tx
      .select({ id: posts.id })
      .from(posts)
      .where(where)
      .orderBy(...order, desc(posts.createdAt), desc(posts.id))
      .limit(POPULAR_KEPT)
      .then((rows) => rows.map((row) => row.id));
    const kept = { at: now, ids };
    this.kept = kept;
    ids.catch(() => {
      if (this.kept === kept) this.kept = null;
    });
    return ids;
  }

  /** Drops the kept ranking (a post in it was deleted). */
  forget(): void {
    this.kept = null;
  }
}
