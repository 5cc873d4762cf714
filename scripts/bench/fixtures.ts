/**
 * What the scenarios pick from, read once from the seeded database: the bench accounts, posts with
 * comment trees, public rooms, active profiles, and fresh posts, comments and poll options to write to.
 */
import type { Crypto } from '../../server/infra/crypto.ts';
import { BENCH_ACCOUNTS, benchEmail } from './campus.ts';
import type { SqlSession } from './database.ts';

export interface BenchAccount {
  id: string;
  username: string;
  email: string;
}

export interface Fixtures {
  accounts: BenchAccount[];
  /** Topic posts that have comments (a post page with its tree). */
  detailPosts: string[];
  publicRooms: { title: string; creatorId: string }[];
  /** Usernames of people who posted (profile pages). */
  profiles: string[];
  /** Fresh topic posts (votes and comments go to new content). */
  freshPosts: string[];
  freshComments: { id: string; postId: string }[];
  freshPollOptions: string[];
  /** Mean number of comments of the detail posts. */
  meanComments: number;
}

const POOL = 200;
const FRESH = 1000;

export async function readFixtures(session: SqlSession, crypto: Crypto, domain: string): Promise<Fixtures> {
  const emails = new Map<string, string>();
  for (let n = 1; n <= BENCH_ACCOUNTS; n += 1) {
    const email = benchEmail(n, domain);
    emails.set(crypto.emailHash(email), email);
  }
  const hashes = [...emails.keys()].map((h) => `'${h}'`).join(', ');
  const accountRows = await session.rows<{ id: string; username: string; email_hash: string }>(
    `select id::text, username, email_hash from users where email_hash in (${hashes}) order by username`,
  );
  const ids = async (sql: string) => (await session.rows<{ id: string }>(sql)).map((r) => r.id);
  const detail = await session.rows<{ id: string; n: number }>(
    `select id::text, comment_count as n from posts where sub_community is null and comment_count > 0
     order by md5(id::text) limit ${POOL}`,
  );
  return {
    accounts: accountRows.map((r) => ({
      id: r.id,
      username: r.username,
      email: emails.get(r.email_hash) ?? '',
    })),
    detailPosts: detail.map((r) => r.id),
    meanComments: detail.reduce((sum, r) => sum + r.n, 0) / Math.max(1, detail.length),
    publicRooms: (
      await session.rows<{ title: string; creator_id: string }>(
        `select title, creator_id::text from rooms where not private order by md5(title) limit ${POOL}`,
      )
    ).map((r) => ({ title: r.title, creatorId: r.creator_id })),
    profiles: (
      await session.rows<{ username: string }>(
        `select u.username from users u where exists (select 1 from posts p where p.user_id = u.id)
         order by md5(u.id::text) limit ${POOL}`,
      )
    ).map((r) => r.username),
    freshPosts: await ids(
      `select id::text from posts where sub_community is null order by created_at desc limit ${FRESH}`,
    ),
    freshComments: (
      await session.rows<{ id: string; post_id: string }>(
        `select c.id::text, c.post_id::text from comments c join posts p on p.id = c.post_id
         where p.sub_community is null and not c.deleted order by c.created_at desc limit ${FRESH}`,
      )
    ).map((r) => ({ id: r.id, postId: r.post_id })),
    freshPollOptions: await ids(
      `select o.id::text from poll_options o join polls q on q.id = o.poll_id
       where q.sub_community is null order by q.created_at desc limit ${FRESH}`,
    ),
  };
}

export function pickOne<T>(list: readonly T[]): T {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('picked from an empty fixture list');
  return item;
}
