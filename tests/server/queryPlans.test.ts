/**
 * The feeds are served by their indexes, not by sorting whole tables: with a campus-sized table and
 * fresh statistics, the plans of the home and topic feed queries walk the newest-first indexes, and
 * Popular walks its stored rank. The SQL mirrors the services' page queries (join of the author and
 * the viewer's vote). The prepared home feed itself (server/db/prepared.ts), the viewer a parameter,
 * keeps that walk in the generic plan PostgreSQL caches for a named statement.
 */
import { Placeholder } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
beforeAll(async () => {
  const author = await t.signUpAndVerify();
  await t.query(`
    INSERT INTO posts (id, user_id, title, topic, body, created_at)
    SELECT gen_random_uuid(), '${author.userID}', 'Post ' || n, (ARRAY['sports','dsa','iet'])[1 + n % 3],
           'Body', now() - n * interval '1 minute'
    FROM generate_series(1, 5000) AS n`);
  // Popular's stored rank (server/modules/posts/popular.ts): spread like scores, on a third of the posts.
  await t.query(`
    UPDATE posts SET popular_rank = (abs(hashtext(id::text)) % 1000) / 100.0
    WHERE abs(hashtext(id::text)) % 3 = 0`);
  await t.query(`
    INSERT INTO polls (id, user_id, title, topic, created_at)
    SELECT gen_random_uuid(), '${author.userID}', 'Poll ' || n, (ARRAY['sports','dsa','iet'])[1 + n % 3],
           now() - n * interval '1 minute'
    FROM generate_series(1, 5000) AS n`);
  await t.query('ANALYZE posts');
  await t.query('ANALYZE polls');
});

async function plan(sql: string): Promise<string> {
  const rows = await t.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

const postPage = (where: string, order = 'p.created_at DESC, p.id DESC') => `
  SELECT p.*, u.username, u.dp, v.value AS my_vote
  FROM posts p
  JOIN users u ON u.id = p.user_id
  LEFT JOIN votes v ON v.post_id = p.id AND v.comment_id IS NULL AND v.user_id = gen_random_uuid()
  WHERE ${where}
  ORDER BY ${order}
  LIMIT 15 OFFSET 300`;

describe('feed query plans', () => {
  it('walks posts_created_idx for the home feed, page 21', async () => {
    const text = await plan(postPage('p.sub_community IS NULL'));
    expect(text).toContain('Index Scan using posts_created_idx on posts');
    expect(text).not.toContain('Seq Scan on posts');
  });

  it('walks a newest-first index for a topic feed, never sorting the whole table', async () => {
    // with a third of the posts in the topic the planner may prefer either index; both avoid a sort
    const text = await plan(postPage(`p.topic = 'dsa' AND p.sub_community IS NULL`));
    expect(text).toMatch(/Index Scan using posts_(topic_)?created_idx on posts/);
    expect(text).not.toContain('Seq Scan on posts');
  });

  it('walks posts_popular_idx for Popular, page 21, never sorting', async () => {
    const text = await plan(
      postPage(
        `p.popular_rank IS NOT NULL AND p.created_at > now() - interval '720 hours'`,
        'p.popular_rank DESC, p.created_at DESC, p.id DESC',
      ),
    );
    expect(text).toContain('Index Scan using posts_popular_idx on posts');
    expect(text).not.toContain('Seq Scan on posts');
    expect(text).not.toContain('Sort');
  });

  it('walks polls_created_idx for the home polls', async () => {
    const text = await plan(
      'SELECT * FROM polls WHERE sub_community IS NULL ORDER BY created_at DESC, id DESC LIMIT 15 OFFSET 300',
    );
    expect(text).toContain('Index Scan using polls_created_idx on polls');
  });
});

/** A statement's parameter as an SQL literal. */
function literal(value: unknown): string {
  if (Array.isArray(value)) return `'{${value.map((v) => `"${String(v)}"`).join(',')}}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return 'null';
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** Runs `work` on one connection (PREPARE and its EXECUTE must meet). */
async function onOneConnection<T>(
  work: (query: (text: string) => Promise<string[]>) => Promise<T>,
): Promise<T> {
  const handle = t.app.database;
  const lines = (rows: Record<string, unknown>[]) => rows.map((row) => String(Object.values(row)[0]));
  if (handle.kind === 'pglite')
    return work(async (text) => lines((await handle.client.query(text)).rows as never));
  const client = await handle.pool.connect();
  try {
    return await work(async (text) => lines((await client.query(text)).rows));
  } finally {
    client.release();
  }
}

describe('the prepared home feed', () => {
  it('walks posts_created_idx in its generic plan, the viewer a parameter', async () => {
    const member = await t.signUpAndVerify();
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const res = await member.client.get('/api/posts/getPost?offset=135&limit=15');
    expect(res.statusCode).toBe(200);
    const feed = built.mock.results
      .map((result) => result.value as { sql: string; params: unknown[] })
      .find((query) => query.sql.includes('limit 15 offset 135'));
    built.mockRestore();
    if (!feed) throw new Error('the home feed was not built');
    const values: Record<string, unknown> = { viewer: member.userID, mods: [] };
    const args = feed.params.map((p) => literal(p instanceof Placeholder ? values[p.name] : p));
    expect(feed.params.some((p) => p instanceof Placeholder && p.name === 'viewer')).toBe(true);
    const text = await onOneConnection(async (query) => {
      await query(`PREPARE home_feed AS ${feed.sql}`);
      await query('SET plan_cache_mode = force_generic_plan');
      try {
        return (await query(`EXPLAIN EXECUTE home_feed(${args.join(', ')})`)).join('\n');
      } finally {
        await query('RESET plan_cache_mode');
        await query('DEALLOCATE home_feed');
      }
    });
    expect(text).toContain('Index Scan using posts_created_idx on posts');
    expect(text).not.toContain('Seq Scan on posts');
  });
});
