/**
 * Every chosen order is an index walk (issue 33 "Sort", migration 0019), never a sort of the table.
 * A thread is read whole: its post's comments come through a post_id index, and each order matches
 * an index that can deliver it (shown with sorting turned off: the planner may still prefer to sort
 * the one thread's rows after joining their authors, a sort bounded by the thread, not the table).
 * Top of a topic, room or profile walks that list's score index. The SQL mirrors the services'
 * queries (server/modules/posts/sorting.ts); the plans are PGlite's with fresh statistics.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let postId: string;
let roomId: string;
let userId: string;
beforeAll(async () => {
  const author = await t.signUpAndVerify();
  userId = author.userID;
  const room = await t.createRoom(author);
  roomId = room.id;
  await t.query(`
    INSERT INTO posts (id, user_id, title, topic, sub_community, body, upvotes, downvotes, created_at)
    SELECT gen_random_uuid(), '${userId}', 'Post ' || n,
           CASE WHEN n % 4 = 0 THEN NULL ELSE (ARRAY['sports','dsa','iet'])[1 + n % 3] END,
           CASE WHEN n % 4 = 0 THEN '${roomId}'::uuid END,
           'Body', n % 50, n % 7, now() - n * interval '1 minute'
    FROM generate_series(1, 5000) AS n`);
  await t.query(`
    INSERT INTO comments (post_id, user_id, body, upvotes, downvotes, created_at)
    SELECT p.id, '${userId}', 'Comment', (n * 7) % 40, (n * 3) % 11, now() - n * interval '1 second'
    FROM (SELECT id FROM posts ORDER BY created_at DESC LIMIT 20) p, generate_series(1, 1000) AS n`);
  const [one] = await t.query<{ id: string }>('SELECT post_id AS id FROM comments LIMIT 1');
  postId = one?.id ?? '';
  await t.query('ANALYZE posts');
  await t.query('ANALYZE comments');
});

async function plan(sql: string): Promise<string> {
  const rows = await t.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The plan when sorting is the last resort: an index that gives the order is then the way. */
async function planWithoutSorting(sql: string): Promise<string> {
  await t.query('SET enable_sort = off');
  try {
    return await plan(sql);
  } finally {
    await t.query('RESET enable_sort');
  }
}

const thread = (order: string) => `
  SELECT c.*, u.username FROM comments c
  LEFT JOIN users u ON u.id = c.user_id
  WHERE c.post_id = '${postId}'
  ORDER BY ${order}`;

describe('thread query plans', () => {
  const orders = {
    best: ['c.best DESC, c.created_at, c.id', 'comments_post_best_idx'],
    top: ['(c.upvotes - c.downvotes) DESC, c.created_at, c.id', 'comments_post_top_idx'],
    new: ['c.created_at DESC, c.id DESC', 'comments_post_created_idx'],
    old: ['c.created_at, c.id', 'comments_post_created_idx'],
  } as const;
  for (const [sort, [order, index]] of Object.entries(orders)) {
    it(`reads only the post's comments for ${sort}, and ${index} gives that order`, async () => {
      expect(await plan(thread(order))).not.toContain('Seq Scan on comments');
      const text = await planWithoutSorting(thread(order));
      expect(text).toMatch(new RegExp(`Index Scan( Backward)? using ${index} on comments`));
      expect(text).not.toContain('Sort');
    });
  }
});

const topPage = (where: string) => `
  SELECT id FROM posts p WHERE ${where}
  ORDER BY (p.upvotes - p.downvotes) DESC, p.created_at DESC, p.id DESC LIMIT 10 OFFSET 20`;

describe('Top of a list, all time', () => {
  const lists = () => ({
    posts_topic_score_idx: `p.topic = 'dsa' AND p.sub_community IS NULL`,
    posts_sub_community_score_idx: `p.sub_community = '${roomId}'`,
    posts_user_score_idx: `p.user_id = '${userId}'`,
  });
  it('walks the score index of a topic, a room and a profile, without a sort', async () => {
    for (const [index, where] of Object.entries(lists())) {
      const text = await plan(topPage(where));
      expect(text).toContain(`Index Scan using ${index} on posts`);
      expect(text).not.toContain('Sort');
    }
  });
});
