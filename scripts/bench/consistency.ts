/**
 * After the write mixes: every counter column equals the count of its rows, over the whole database
 * (a lost vote or a vote counted twice shows up as a mismatch).
 */
import type { SqlSession } from './database.ts';
import { ROOM_COUNTS } from './seedSql.ts';

export interface Consistency {
  postVotes: number;
  commentCounts: number;
  commentVotes: number;
  pollVotes: number;
  roomCounts: number;
}

const CHECKS: Record<keyof Consistency, string> = {
  postVotes: `select count(*)::int as n from posts p
    left join (select post_id, count(*) filter (where value = 1) as up, count(*) filter (where value = -1) as down
               from votes where comment_id is null group by post_id) v on v.post_id = p.id
    where p.upvotes <> coalesce(v.up, 0) or p.downvotes <> coalesce(v.down, 0)`,
  commentCounts: `select count(*)::int as n from posts p
    left join (select post_id, count(*) as n from comments where not deleted group by post_id) c on c.post_id = p.id
    where p.comment_count <> coalesce(c.n, 0)`,
  commentVotes: `select count(*)::int as n from comments t
    left join (select comment_id, count(*) filter (where value = 1) as up, count(*) filter (where value = -1) as down
               from votes where comment_id is not null group by comment_id) v on v.comment_id = t.id
    where t.upvotes <> coalesce(v.up, 0) or t.downvotes <> coalesce(v.down, 0)`,
  pollVotes: `select count(*)::int as n from poll_options o
    left join (select option_id, count(*) as n from poll_votes group by option_id) v on v.option_id = o.id
    where o.votes <> coalesce(v.n, 0)`,
  roomCounts: `select count(*)::int as n from rooms r where ${Object.entries(ROOM_COUNTS)
    .map(([column, count]) => `r.${column} <> ${count}`)
    .join(' or ')}`,
};

/** Rows whose counters differ from their rows, per kind: all zero when nothing was lost or doubled. */
export async function checkCounters(session: SqlSession): Promise<Consistency> {
  const result = { postVotes: 0, commentCounts: 0, commentVotes: 0, pollVotes: 0, roomCounts: 0 };
  for (const key of Object.keys(CHECKS) as (keyof Consistency)[]) {
    const [row] = await session.rows<{ n: number }>(CHECKS[key]);
    result[key] = row?.n ?? -1;
  }
  return result;
}
