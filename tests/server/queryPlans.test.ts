/**
 * The feeds are served by their indexes, not by sorting whole tables: with a campus-sized table and
 * fresh statistics, the plans of the home and topic feed queries walk the newest-first indexes, and
 * Popular walks its stored rank. The SQL mirrors the services' page queries (join of the author and
 * the viewer's vote).
 */
import { beforeAll, describe, expect, it } from 'vitest';
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
