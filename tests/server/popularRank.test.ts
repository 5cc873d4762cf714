/**
 * The Popular feed (server/modules/posts/popular.ts): its rank is stored on the post row, set on
 * insert, moved by votes and comments in their transaction, and re-scored by a refresh in batches.
 * Two instances on one PostgreSQL: popularRank.postgres.test.ts.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { posts } from '../../server/db/schema.ts';
import {
  POPULAR_REFRESH_MS,
  PopularRanking,
  popularRank,
  schedulePopularRefresh,
} from '../../server/modules/posts/popular.ts';
import type { Post } from '../../src/domain/entities.ts';
import { type Account, createTestApp, setupTestApp, type TestApp } from '../support/testApp.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** The app's ranking on the app's clock: tests refresh it when they say so. */
const rankingOf = (t: TestApp) =>
  new PopularRanking({
    db: t.app.database.db,
    now: t.clock.now,
    embedded: t.app.database.kind === 'pglite',
  });

const t = setupTestApp();
let author: Account;
let voters: Account[];
beforeAll(async () => {
  author = await t.signUpAndVerify();
  voters = [await t.signUpAndVerify(), await t.signUpAndVerify(), await t.signUpAndVerify()];
});

const ids = (posts: (Post | undefined)[]) => posts.map((p) => p?.id);
const popular = async (query = 'limit=50') =>
  (await t.client().get(`posts/popular?${query}`)).json().posts as Post[];
/** Where our posts stand in the feed, in its order (other tests' posts left out). */
const standing = async (ours: (Post | undefined)[]) =>
  ids(await popular()).filter((id) => ids(ours).includes(id));
const vote = (who: Account, post: Post | undefined) =>
  who.client.post('posts/vote', { postId: post?.id, val: 1, commentId: null });
const comment = (post: Post | undefined) =>
  author.client.post('posts/createcomment', { postId: post?.id, commentId: null, content: 'Well said' });
const ageBy = (post: Post | undefined, ms: number) =>
  t.query(
    `UPDATE posts SET created_at = created_at - interval '${ms / 1000} seconds' WHERE id = '${post?.id}'`,
  );
const rankOf = async (post: Post | undefined) =>
  (await t.query<{ r: number | null }>(`SELECT popular_rank AS r FROM posts WHERE id = '${post?.id}'`))[0]?.r;

/** Posts one minute apart, after everything made so far; the newest first. */
async function newestPosts(n: number): Promise<Post[]> {
  const made: Post[] = [];
  t.clock.advance(HOUR);
  for (let i = 0; i < n; i += 1) {
    t.clock.advance(60_000);
    made.push(await t.createPost(author, { title: `Post ${i}` }));
  }
  return made.reverse();
}

describe('posts/popular', () => {
  it('moves with time at the next refresh', async () => {
    const [fresh, old] = await newestPosts(2);
    for (const v of voters.slice(0, 2)) await vote(v, old);
    await vote(voters[0] as Account, fresh); // scored as voted: old 2 / 2^1.5, fresh 1 / 2^1.5
    t.clock.advance(20 * HOUR);
    await ageBy(fresh, -19 * HOUR); // old now 20 hours old (2 / 22^1.5 ≈ 0.02), fresh 1 (1 / 3^1.5 ≈ 0.19)
    expect(await standing([fresh, old])).toEqual(ids([old, fresh]));

    expect(await rankingOf(t).refresh()).toBe(true);
    expect(await standing([fresh, old])).toEqual(ids([fresh, old]));
    expect(await rankOf(fresh)).toBeCloseTo(1 / 3 ** 1.5, 6);
  });

  it('ranks by votes and comments decayed by age, ties newest first, leaves out posts older than 30 days', async () => {
    const [old, fresh, hot, stale, discussed, quiet] = await newestPosts(6);
    for (const v of voters) await vote(v, old);
    await vote(voters[0] as Account, fresh);
    for (const v of voters) await vote(v, hot);
    for (const v of voters) await vote(v, stale);
    for (let i = 0; i < 4; i += 1) await comment(discussed);
    await ageBy(old, 10 * HOUR); // 3 / 12^1.5 ≈ 0.07
    await ageBy(stale, 31 * DAY); // outside the window
    // fresh: 1 / 2^1.5 ≈ 0.35; hot: 3 / 2^1.5 ≈ 1.06; discussed: 2 / 2^1.5 ≈ 0.71; quiet: 0
    await rankingOf(t).refresh();

    const order = [hot, discussed, fresh, old, quiet];
    expect(await standing([...order, stale])).toEqual(ids(order));
    expect(await rankOf(stale)).toBeNull();
    expect(ids(await popular('page=1&limit=1'))).toEqual([discussed?.id]);
  });

  it('has a new post at once, and a vote or a comment moves it in the same transaction', async () => {
    const [c, b, a] = await newestPosts(3);
    expect(await rankOf(c)).toBe(0);
    expect(await standing([a, b, c])).toEqual(ids([c, b, a])); // no votes yet: newest first

    await comment(a); // 0.5 / (age + 2)^1.5
    await vote(voters[0] as Account, b); // 1 / (age + 2)^1.5
    expect(await standing([a, b, c])).toEqual(ids([b, a, c]));
    await author.client.del('posts/deleteComment', {
      id: (await t.query<{ id: string }>(`SELECT id FROM comments WHERE post_id = '${a?.id}'`))[0]?.id,
    });
    expect(await rankOf(a)).toBe(0);
  });

  it('never shows a deleted post, and leaves no hole in a page', async () => {
    const [c, b, a] = await newestPosts(3);
    for (const [post, votes] of [
      [a, 3],
      [b, 2],
      [c, 1],
    ] as const)
      for (const v of voters.slice(0, votes)) await vote(v, post);
    const before = await popular();
    expect(ids(before)).toContain(b?.id);

    await author.client.del('posts/delete', { id: b?.id });
    const after = await popular(`limit=${before.length - 1}`);
    expect(ids(after)).toEqual(ids(before).filter((id) => id !== b?.id));
  });

  it("takes a deleted account's posts, votes and comments out of the ranking at once", async () => {
    const leaver = await t.signUpAndVerify();
    const [fresh, commented, voted] = await newestPosts(3);
    const theirs = await t.createPost(leaver, { title: 'Leaving soon' });
    await vote(voters[0] as Account, theirs);
    await vote(leaver, voted); // 1 / (age + 2)^1.5
    await leaver.client.post('posts/createcomment', {
      postId: commented?.id,
      commentId: null,
      content: 'Bye',
    });
    expect(await standing([fresh, commented, voted, theirs])).toEqual(ids([theirs, voted, commented, fresh]));

    expect((await leaver.client.del('u/deleteAccount')).statusCode).toBe(200);
    expect(await standing([fresh, commented, voted, theirs])).toEqual(ids([fresh, commented, voted]));
    expect([await rankOf(commented), await rankOf(voted)]).toEqual([0, 0]);
  });

  it('leaves room posts out, whatever their votes', async () => {
    const room = await t.createRoom(author);
    const post = await t.createPost(author, { topic: '', subCommunity: room.id });
    await author.client.post('posts/vote', { postId: post.id, val: 1, commentId: null });
    await comment(post);
    await rankingOf(t).refresh();
    expect(await rankOf(post)).toBeNull();
    expect(await standing([post])).toEqual([]);
  });

  it('drops a post at 30 days at once, and its rank at the next refresh', async () => {
    const [post] = await newestPosts(1);
    await vote(voters[0] as Account, post);
    t.clock.advance(30 * DAY);
    expect(await standing([post])).toEqual([]);
    expect(await rankOf(post)).not.toBeNull();
    await rankingOf(t).refresh();
    expect(await rankOf(post)).toBeNull();
  });
});

describe('the refresh', () => {
  it('re-scores the whole window in batches, rows written by SQL included, and unranks older posts', async () => {
    const now = t.clock.now().toISOString();
    // 2,500 recent posts, four in each millisecond told apart by microseconds (as SQL writes them,
    // the bench seed too); 1,500 old posts still ranked
    await t.query(`
      INSERT INTO posts (user_id, title, topic, body, upvotes, created_at, popular_rank)
      SELECT '${author.userID}', 'Bulk ' || n, 'dsa', 'Body', n % 7,
             '${now}'::timestamptz - (n / 4) * interval '1 minute' - (n % 4 + 1) * interval '1 microsecond', NULL
      FROM generate_series(1, 2500) AS n`);
    await t.query(`
      INSERT INTO posts (user_id, title, topic, body, created_at, popular_rank)
      SELECT '${author.userID}', 'Old ' || n, 'dsa', 'Body', '${now}'::timestamptz - interval '40 days' - n * interval '1 minute', 1
      FROM generate_series(1, 1500) AS n`);
    await rankingOf(t).refresh();

    const [counts] = await t.query<{ unranked: number; wrong: number; old: number }>(`
      SELECT count(*) FILTER (WHERE popular_rank IS NULL AND created_at > '${now}'::timestamptz - interval '30 days'
                              AND sub_community IS NULL)::int AS unranked,
             count(*) FILTER (WHERE abs(popular_rank - (upvotes - downvotes + comment_count / 2.0)
               / power(extract(epoch from '${now}'::timestamptz - created_at) / 3600 + 2, 1.5)) > 1e-9)::int AS wrong,
             count(*) FILTER (WHERE popular_rank IS NOT NULL AND created_at <= '${now}'::timestamptz - interval '30 days')::int AS old
      FROM posts`);
    expect(counts).toEqual({ unranked: 0, wrong: 0, old: 0 });
  });

  it('scores as migration 0005 backfilled the posts made before it', async () => {
    const migration = readFileSync(
      new URL('../../server/db/migrations/0005_popular_rank.sql', import.meta.url),
    );
    const backfill = migration
      .toString()
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "posts"'));
    await t.query(`
      INSERT INTO posts (user_id, title, topic, body, upvotes, downvotes, comment_count, created_at)
      SELECT '${author.userID}', 'Before 0005', 'dsa', 'Body', n % 9, n % 4, n % 5, now() - n * interval '3 hours'
      FROM generate_series(1, 300) AS n`);
    // one transaction: now() is the same moment for the backfill and the check
    const rows = await t.app.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(backfill ?? ''));
      return tx
        .select({ stored: posts.popularRank, scored: popularRank(sql`now()`) })
        .from(posts)
        .where(eq(posts.title, 'Before 0005'));
    });
    expect(rows.filter((row) => row.scored !== null)).toHaveLength(239); // 30 days of 3-hour steps
    for (const { stored, scored } of rows) {
      if (scored === null) expect(stored).toBeNull();
      else expect(stored).toBeCloseTo(Number(scored), 12);
    }
  });
});

const macrotask = () => new Promise((resolve) => setImmediate(resolve));

describe('the refresh schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every POPULAR_REFRESH_MS from ready to close, one at a time, and close waits for it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = Fastify({ logger: false });
    let finish: (ran: boolean) => void = () => undefined;
    const refresh = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          finish = resolve;
        }),
    );
    schedulePopularRefresh(app, refresh);
    vi.advanceTimersByTime(POPULAR_REFRESH_MS);
    expect(refresh).not.toHaveBeenCalled();

    await app.ready();
    vi.advanceTimersByTime(POPULAR_REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(POPULAR_REFRESH_MS); // still running: no second one beside it
    expect(refresh).toHaveBeenCalledTimes(1);

    const closed = app.close();
    let done = false;
    void closed.then(() => {
      done = true;
    });
    await macrotask();
    expect(done).toBe(false); // close waits for the refresh in flight
    finish(true);
    await closed;
    vi.advanceTimersByTime(10 * POPULAR_REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('logs a failed refresh and tries again at the next tick', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    const refresh = vi.fn(() => Promise.reject(Object.assign(new Error('gone'), { code: 'ECONNREFUSED' })));
    schedulePopularRefresh(app, refresh);
    await app.ready();
    vi.advanceTimersByTime(POPULAR_REFRESH_MS);
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    await macrotask();
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      msg: 'popular refresh failed',
      err: { code: 'ECONNREFUSED' },
    });
    vi.advanceTimersByTime(POPULAR_REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('is started by the app, on a timer that does not keep the process alive', async () => {
    const intervals = vi.spyOn(globalThis, 'setInterval');
    const other = await createTestApp();
    try {
      const started = intervals.mock.calls.findIndex(([, ms]) => ms === POPULAR_REFRESH_MS);
      const timer = intervals.mock.results[started]?.value as NodeJS.Timeout | undefined;
      expect(timer?.hasRef()).toBe(false);
    } finally {
      intervals.mockRestore();
      await other.close();
    }
  });
});
