/**
 * PostgreSQL ending the app's connections (as a restart or an administrator does): the requests that
 * were using them get 503 with Retry-After, the process lives on, and the next request is served on
 * fresh connections. Collected only when DATABASE_URL is set (scripts/with-postgres; CI does).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS } from '../../server/db/faults.ts';
import { setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let admin: pg.Client;

beforeAll(async () => {
  const handle = t.app.database;
  if (handle.kind !== 'postgres') throw new Error('needs PostgreSQL');
  admin = new pg.Client({ connectionString: handle.url });
  await admin.connect();
});
afterAll(() => admin?.end());

/** Ends every connection of the app's database but the admin's own, like `pg_ctl restart -m fast`. */
async function terminateAppConnections(): Promise<number> {
  const { rows } = await admin.query(
    `select count(pg_terminate_backend(pid, 1000))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows[0].n as number;
}

/** The pool hears of its idle connections' end a moment later (their sockets close). */
async function idleConnectionsDropped(): Promise<void> {
  const handle = t.app.database;
  if (handle.kind !== 'postgres') return;
  for (let i = 0; i < 40 && handle.pool.idleCount > 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(handle.pool.idleCount).toBe(0);
}

describe('connections ended by the database', () => {
  it('answers the requests in flight with 503 and Retry-After, then serves again', async () => {
    const visitor = t.client();
    expect((await visitor.get('posts/getPost?page=1')).statusCode).toBe(200);

    // Hold the feed's table so its requests wait inside the database, then cut their connections.
    await admin.query('begin');
    await admin.query('lock table posts in access exclusive mode');
    const inFlight = Array.from({ length: 4 }, () => visitor.get('posts/getPost?page=1'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await terminateAppConnections()).toBeGreaterThan(0);
    await admin.query('rollback');

    for (const res of await Promise.all(inFlight)) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({ msg: expect.any(String) });
    }
    expect((await visitor.get('posts/getPost?page=1')).statusCode).toBe(200);
  });

  it('survives idle connections being ended, and a transaction cut in the middle', async () => {
    const author = await t.signUpAndVerify();
    await terminateAppConnections();
    await idleConnectionsDropped();
    const post = await t.createPost(author);
    await admin.query('begin');
    await admin.query('lock table votes in access exclusive mode');
    const vote = author.client.post('posts/vote', { postId: post.id, val: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await terminateAppConnections();
    await admin.query('rollback');
    expect((await vote).statusCode).toBe(503);
    // The cut transaction left nothing half done: no vote row, counters unchanged.
    const [row] = await t.query<{ upvotes: number; votes: string }>(
      `select upvotes, (select count(*) from votes where post_id = '${post.id}') as votes from posts where id = '${post.id}'`,
    );
    expect({ upvotes: row?.upvotes, votes: Number(row?.votes) }).toEqual({ upvotes: 0, votes: 0 });
    const again = await author.client.post('posts/vote', { postId: post.id, val: 1 });
    expect(again.statusCode, again.body).toBeLessThan(300);
  });
});

describe('a connection that dies while checked out', () => {
  it('goes back to the pool by itself, and its owner may still release it', async () => {
    const handle = t.app.database;
    if (handle.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const client = await handle.pool.connect();
    const { rows } = await client.query('select pg_backend_pid() as pid');
    const before = handle.pool.totalCount;
    const failed = new Promise((resolve) => client.once('error', resolve));
    await admin.query('select pg_terminate_backend($1, 1000)', [rows[0].pid]);
    await failed;
    // Drizzle's transaction() never releases a connection whose `begin` failed: it must not leak.
    expect(handle.pool.totalCount).toBe(before - 1);
    expect(() => client.release()).not.toThrow();
    expect((await t.client().get('posts/getPost?page=1')).statusCode).toBe(200);
  });
});
