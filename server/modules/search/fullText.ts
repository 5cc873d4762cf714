/**
 * Full-text search of posts, polls and comments (issue 33): PostgreSQL's text search on the stored
 * `search` columns of migration 0017 (English stemming, titles weighing more than bodies), through
 * their GIN indexes, best match (`ts_rank`) first, then newest, among the newest 500 matches of
 * each kind. The last word typed matches as a prefix, so results come while a word is still being
 * written.
 *
 * What a viewer finds is what the feeds and profiles would show them (safety/visibility.ts): posts and
 * polls as a feed lists them (readable room, not removed, not by someone they blocked, not hidden by
 * them), comments as a profile lists them; masked items come with their flags, behind "View anyway".
 */
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { FoundPost, ProfileComment } from '../../../src/domain/profileSchemas.ts';
import type { SearchPageQuery } from '../../../src/domain/userValidation.ts';
import type { AppContext } from '../../context.ts';
import { inlined } from '../../db/paging.ts';
import { comments, polls, posts } from '../../db/schema.ts';
import { pollItem, selectPolls, toPoll } from '../polls/read.ts';
import { postItem, selectPosts, toPost } from '../posts/read.ts';
import { listable, viewerOf } from '../safety/visibility.ts';
import { profileCommentVisible, selectComments, toProfileComment } from './content.ts';

/** Words of at most this many are searched; a key is at most 50 characters anyway. */
const WORDS_MAX = 10;

/**
 * The newest matches of each kind that are ranked (50 pages). A word most posts hold ("the" is a
 * stop word, but "library" on a campus is not) would otherwise rank the whole table: this way the
 * planner walks the newest-first index until it has them, or takes the GIN index for rarer words.
 */
const CANDIDATES = 500;

/**
 * The text of a tsquery for `key`: its words (runs of letters, marks and digits, lower-cased) all
 * required, the last one as a prefix. Everything else the user typed is a separator, so no tsquery
 * operator (`& | ! ( ) <-> : * '`) ever reaches PostgreSQL: bad input cannot fail the query. Null
 * when the key has no word (nothing is found, nothing is asked).
 */
export function tsqueryText(key: string): string | null {
  const words = key
    .toLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu)
    ?.slice(0, WORDS_MAX);
  if (!words) return null;
  return `${words.join(' & ')}:*`;
}

const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;
/** The generated column of migration 0017, absent from the Drizzle tables (db/tables/community.ts). */
const searchColumn = (table: string) => sql.raw(`"${table}"."search"`);
const matches = (table: string, text: string) => sql`${searchColumn(table)} @@ ${tsquery(text)}`;
const rank = (table: string, text: string) => sql<number>`ts_rank(${searchColumn(table)}, ${tsquery(text)})`;

const pageOf = (q: SearchPageQuery) => ({ offset: q.page * q.limit, limit: q.limit });

export class FullTextSearch {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Posts and polls matching `key`, one page across both kinds: the page's ids and ranks in one
   * query, then each kind's rows for those ids (the shapes of the feeds).
   */
  async posts(q: SearchPageQuery, viewerId: string | null): Promise<FoundPost[]> {
    const text = tsqueryText(q.key);
    if (!text) return [];
    const { offset, limit } = pageOf(q);
    const db = this.ctx.db;
    const viewer = viewerOf(this.ctx.config, viewerId);
    /** The newest matches of a kind, then their ranks: ts_rank reads whole vectors, so only theirs. */
    const hits = (kind: 'post' | 'poll', table: typeof posts | typeof polls, visible: SQL) => {
      const name = kind === 'post' ? 'posts' : 'polls';
      const newest = db
        .select({ id: sql<string>`${table.id}`.as('found_id'), createdAt: table.createdAt })
        .from(table)
        .where(and(matches(name, text), visible))
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(inlined(CANDIDATES))
        .as(`${name}_found`);
      return db
        .select({
          kind: sql<string>`${kind}::text`.as('kind'),
          id: table.id,
          rank: rank(name, text).as('rank'),
          createdAt: newest.createdAt,
        })
        .from(newest)
        .innerJoin(table, eq(table.id, newest.id));
    };
    const found = unionAll(
      hits('post', posts, listable('post', postItem, viewerId, { feed: true })),
      hits('poll', polls, listable('poll', pollItem, viewerId, { feed: true })),
    ).as('found');
    const page = await db
      .select({ kind: found.kind, id: found.id })
      .from(found)
      .orderBy(desc(found.rank), desc(found.createdAt), desc(found.id))
      .limit(inlined(limit))
      .offset(inlined(offset));
    const ids = (kind: 'post' | 'poll') => page.filter((row) => row.kind === kind).map((row) => row.id);
    const [postRows, pollRows] = await Promise.all([
      ids('post').length ? selectPosts(viewer, db).where(inArray(posts.id, ids('post'))) : [],
      ids('poll').length ? selectPolls(viewer, db).where(inArray(polls.id, ids('poll'))) : [],
    ]);
    const byId = new Map<string, FoundPost>([
      ...postRows.map((row) => [row.p.id, { kind: 'post', ...toPost(row, viewer) }] as const),
      ...pollRows.map((row) => [row.p.id, { kind: 'poll', ...toPoll(row, viewer) }] as const),
    ]);
    return page.flatMap((row) => byId.get(row.id) ?? []);
  }

  /** Comments matching `key` as a profile lists them (never '[deleted]' ones), with their post's title. */
  async comments(q: SearchPageQuery, viewerId: string | null): Promise<ProfileComment[]> {
    const text = tsqueryText(q.key);
    if (!text) return [];
    const { offset, limit } = pageOf(q);
    const viewer = viewerOf(this.ctx.config, viewerId);
    const db = this.ctx.db;
    const candidates = db
      .select({ id: comments.id })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(
        and(
          matches('comments', text),
          eq(comments.deleted, false),
          isNotNull(comments.userId),
          profileCommentVisible(viewerId),
        ),
      )
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(inlined(CANDIDATES));
    const rows = await selectComments(viewer, db)
      .where(inArray(comments.id, candidates))
      .orderBy(desc(rank('comments', text)), desc(comments.createdAt), desc(comments.id))
      .limit(inlined(limit))
      .offset(inlined(offset));
    return rows.map((row) => toProfileComment(row, viewer));
  }
}
