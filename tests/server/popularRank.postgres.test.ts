/**
 * Popular across instances (DESIGN.md §6): two apps on one PostgreSQL database read one stored
 * ranking, and of two refreshes at once only one runs. Needs PostgreSQL: collected only when
 * DATABASE_URL is set (scripts/with-postgres).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopularRanking } from '../../server/modules/posts/popular.ts';
import type { Post } from '../../src/domain/entities.ts';
import { type Account, createDatabase, createTestApp, type TestApp } from '../support/testApp.ts';

const HOUR = 60 * 60_000;

let shared: Awaited<ReturnType<typeof createDatabase>>;
let one: TestApp;
let two: TestApp;
let author: Account;
let voters: Account[];

beforeAll(async () => {
  shared = await createDatabase(process.env.DATABASE_URL ?? '');
  one = await createTestApp({ DATABASE_URL: shared.url });
  two = await createTestApp({ DATABASE_URL: shared.url });
  author = await one.signUpAndVerify();
  voters = [await two.signUpAndVerify(), await two.signUpAndVerify()];
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await shared?.drop();
});

const rankingOf = (t: TestApp) =>
  new PopularRanking({ db: t.app.database.db, now: t.clock.now, embedded: false });
const popularOn = async (t: TestApp) =>
  ((await t.client().get('posts/popular?limit=50')).json().posts as Post[]).map((p) => p.id);
/** Both clocks moved alike, as the instances of one deployment share the time. */
const advance = (ms: number) => {
  one.clock.advance(ms);
  two.clock.advance(ms);
};

describe('posts/popular on two instances', () => {
  it('has a new post on both at once, in one order', async () => {
    const older = await one.createPost(author);
    advance(60_000);
    const post = await one.createPost(author);
    const [first, second] = [await popularOn(one), await popularOn(two)];
    expect(first).toEqual(second);
    expect(first.slice(0, 2)).toEqual([post.id, older.id]);
  });

  it('moves a voted post on both at once, and an aged one on both after one refresh', async () => {
    advance(HOUR);
    const post = await one.createPost(author);
    for (const v of voters) await v.client.post('posts/vote', { postId: post.id, val: 1, commentId: null });
    expect((await popularOn(one))[0]).toBe(post.id);
    expect((await popularOn(two))[0]).toBe(post.id);

    advance(2 * HOUR);
    const fresh = await one.createPost(author);
    await voters[0]?.client.post('posts/vote', { postId: fresh.id, val: 1, commentId: null });
    // as scored when voted: post 2 / 2^1.5 ≈ 0.71 above fresh 1 / 2^1.5 ≈ 0.35; refreshed two hours
    // on, post 2 / 4^1.5 = 0.25 goes below
    expect((await popularOn(two)).slice(0, 2)).toEqual([post.id, fresh.id]);
    expect(await rankingOf(two).refresh()).toBe(true);
    expect((await popularOn(one)).slice(0, 2)).toEqual([fresh.id, post.id]);
    expect(await popularOn(two)).toEqual(await popularOn(one));
  });

  it('runs one of two refreshes at once; the other returns at once', async () => {
    const post = await one.createPost(author);
    await voters[0]?.client.post('posts/vote', { postId: post.id, val: 1, commentId: null });
    // An hour on, the voted post's rank must change, so the refresh has to update (and lock) its row:
    // a row lock held here keeps the first refresh in its batch, under the advisory lock.
    advance(HOUR);
    const blocker = new pg.Client({ connectionString: shared.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM posts WHERE id = $1 FOR UPDATE', [post.id]);
      const first = rankingOf(one).refresh();
      await waitForAdvisoryLock(blocker);
      expect(await rankingOf(two).refresh()).toBe(false);
      await blocker.query('COMMIT');
      expect(await first).toBe(true);
      expect(await rankingOf(two).refresh()).toBe(true);
    } finally {
      await blocker.end();
    }
  });
});

async function waitForAdvisoryLock(client: pg.Client): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    if (rows[0]?.n > 0) return;
    if (Date.now() > deadline) throw new Error('no refresh took the advisory lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
