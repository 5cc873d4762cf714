/**
 * The SQL that fills the campus: every row is generated inside the database (INSERT ... SELECT over
 * generate_series), so no data crosses the wire. Ids are deterministic v4-shaped UUIDs derived from a
 * kind and a number (pg_temp.sid), so any row can name another without a look-up; pseudo-random
 * but repeatable choices come from pg_temp.h (a hash to [0, 1)), the rest from random() after setseed.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { popularRank } from '../../server/modules/posts/popular.ts';
import { TOPICS } from '../../src/domain/constants.ts';
import { COMMENTS, POSTS } from '../../src/domain/messages.ts';
import type { CampusSize } from './campus.ts';

const ADJECTIVES = [
  'brisk',
  'calm',
  'clever',
  'dusky',
  'eager',
  'fuzzy',
  'gentle',
  'hazy',
  'jolly',
  'keen',
  'lucky',
  'mellow',
  'nimble',
  'odd',
  'plucky',
  'quiet',
  'rapid',
  'shy',
  'tidy',
  'vivid',
  'witty',
  'zesty',
  'bold',
  'cosmic',
];
const NOUNS = [
  'tiger',
  'river',
  'comet',
  'maple',
  'falcon',
  'pixel',
  'lotus',
  'ember',
  'delta',
  'nova',
  'otter',
  'quartz',
  'raven',
  'cedar',
  'orbit',
  'panda',
  'kite',
  'lynx',
  'monsoon',
  'sitar',
  'chai',
  'mango',
  'banyan',
  'kebab',
];
const GROUPS = ['Club', 'Circle', 'Crew', 'Society', 'Squad', 'Guild', 'Hub', 'Corner', 'Lab', 'Den'];
const LOREM =
  'Has anyone figured out the new timetable for the mid-sems? The library closes at eight now and the ' +
  'reading room is always full. I tried the canteen near the main gate but the wifi there is hopeless. ' +
  'Also the cricket trials are next week, so if you want to join bring your own kit and be on the ground ' +
  'by six. Someone said the placement cell is finally putting up the list of companies coming this year; ' +
  'fingers crossed for more product roles. On a different note, the chaat place in Aminabad is still the ' +
  'best in Lucknow, fight me. For the DSA folks: segment trees are not as scary as they look, start with ' +
  'range sums and lazy propagation will make sense after a few problems. Hostel mess food was actually ' +
  'decent today, which is suspicious. The fest committee is looking for volunteers for lights and sound, ' +
  'and the photography club wants people who can edit reels. Anyone selling a second-hand cycle in good ' +
  'condition? Mine got stolen outside the workshop. Please share notes for electrical machines if you ' +
  'have them, the professor skipped half the syllabus and the exam covers everything. ';

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;
const sqlArray = (items: readonly string[]) => `array[${items.map(sqlText).join(', ')}]`;

/**
 * Session-local helper functions (pg_temp): gone when the seeding connection closes. Each is written
 * so that PostgreSQL inlines it (no stable operator inside an immutable one, no costly argument used
 * twice): a call through the SQL-function executor costs more than the row it makes.
 */
export function helperFunctions(now: Date): string {
  // to_timestamp(float8) is immutable (a text cast is not), so the helpers below can be inlined.
  const seedNow = `to_timestamp(${now.getTime() / 1000})`;
  return `
create or replace function pg_temp.sid(kind text, n bigint) returns uuid language sql immutable as
  $$ select overlay(overlay(md5(kind || ':' || n::text) placing '4' from 13) placing '8' from 17)::uuid $$;
create or replace function pg_temp.h(key text) returns float8 language sql immutable as
  $$ select ('x' || substr(md5(key), 1, 8))::bit(32)::bigint / 4294967296.0 $$;
create or replace function pg_temp.pick(n bigint, skew float8) returns bigint language sql volatile as
  $$ select 1 + least(n - 1, floor(n * power(random(), skew)))::bigint $$;
create or replace function pg_temp.ago(key text) returns timestamptz language sql stable as
  $$ select ${seedNow} - interval '365 days' * pg_temp.h(key) $$;
create or replace function pg_temp.later(t timestamptz) returns timestamptz language sql volatile as
  $$ select t + (${seedNow} - t) * power(random(), 3) $$;
create or replace function pg_temp.later_than(key text) returns timestamptz language sql volatile as
  $$ select ${seedNow} - interval '365 days' * pg_temp.h(key) * (1 - power(random(), 3)) $$;
create or replace function pg_temp.snippet(n bigint, shortest int, longest int) returns text
  language sql immutable as
  $$ select substr(${sqlText(LOREM.repeat(3))}, 1 + (n * 37 % ${LOREM.length})::int,
       shortest + (n * 7919 % (longest - shortest))::int) $$;
create or replace function pg_temp.word(list text[], n bigint) returns text language sql immutable as
  $$ select list[1 + (n % array_length(list, 1))::int] $$;
`;
}

export interface Chunk {
  from: number;
  to: number;
}

/** [1..total] in chunks of at most `size`: a bounded list. */
export function chunks(total: number, size: number, first = 1): Chunk[] {
  const list: Chunk[] = [];
  for (let from = first; from < first + total; from += size) {
    list.push({ from, to: Math.min(first + total - 1, from + size - 1) });
  }
  return list;
}

const topicOf = (n: string) => `pg_temp.word(${sqlArray(TOPICS)}, ${n})`;
const inRoom = (kind: string, n: string) => `pg_temp.h('${kind}-room:' || ${n}) < 0.15`;
const roomOf = (kind: string, n: string, s: CampusSize) =>
  `pg_temp.sid('r', 1 + floor(pg_temp.h('${kind}-which:' || ${n}) * ${s.rooms})::bigint)`;
const anyUser = (s: CampusSize, skew: number) => `pg_temp.sid('u', pg_temp.pick(${s.users}, ${skew}))`;

export const usersSql = ({ from, to }: Chunk) => `
insert into users (id, username, email_hash, email_sealed, password_hash, verified_at, bio, created_at)
select pg_temp.sid('u', i),
  initcap(pg_temp.word(${sqlArray(ADJECTIVES)}, i)) || initcap(pg_temp.word(${sqlArray(NOUNS)}, i / ${ADJECTIVES.length})) || i,
  encode(sha256(convert_to('seed-user:' || i, 'UTF8')), 'hex'), 'seeded', '$seeded$no-password',
  pg_temp.ago('u:' || i), case when i % 3 = 0 then pg_temp.snippet(i, 20, 200) end, pg_temp.ago('u:' || i)
from generate_series(${from}, ${to}) i`;

export const roomsSql = (s: CampusSize) => `
insert into rooms (id, title, "desc", private, creator_id, created_at)
select pg_temp.sid('r', i),
  initcap(pg_temp.word(${sqlArray(NOUNS)}, i)) || pg_temp.word(${sqlArray(GROUPS)}, i / ${NOUNS.length}) || i,
  pg_temp.snippet(i, 30, 200), i % 5 = 0, ${anyUser(s, 1.5)},
  now() - interval '365 days' - interval '30 days' * pg_temp.h('r:' || i)
from generate_series(1, ${s.rooms}) i`;

export const postsSql = ({ from, to }: Chunk, s: CampusSize) => `
insert into posts (id, user_id, title, topic, body, sub_community, created_at)
select pg_temp.sid('p', i), ${anyUser(s, 2)},
  initcap(pg_temp.word(${sqlArray(ADJECTIVES)}, i * 7)) || ' ' || pg_temp.word(${sqlArray(NOUNS)}, i * 3)
    || ': ' || pg_temp.snippet(i, 20, 120),
  case when ${inRoom('p', 'i')} then null else ${topicOf('i')} end,
  pg_temp.snippet(i * 11, 80, 1500),
  case when ${inRoom('p', 'i')} then ${roomOf('p', 'i', s)} end,
  pg_temp.ago('p:' || i)
from generate_series(${from}, ${to}) i`;

export const pollsSql = ({ from, to }: Chunk, s: CampusSize) => `
insert into polls (id, user_id, title, topic, sub_community, created_at)
select pg_temp.sid('q', i), ${anyUser(s, 2)},
  'Which ' || pg_temp.word(${sqlArray(NOUNS)}, i * 5) || ' is better? ' || pg_temp.snippet(i, 10, 80),
  case when ${inRoom('q', 'i')} then null else ${topicOf('i')} end,
  case when ${inRoom('q', 'i')} then ${roomOf('q', 'i', s)} end,
  pg_temp.ago('q:' || i)
from generate_series(${from}, ${to}) i`;

/** Poll i has 2 + i*31 mod 6 options (2..7); option k of poll i is ('o', i*8 + k). */
const OPTIONS_OF = (i: string) => `(2 + (${i} * 31) % 6)`;

export const pollOptionsSql = ({ from, to }: Chunk) => `
insert into poll_options (id, poll_id, position, text)
select pg_temp.sid('o', i * 8 + k), pg_temp.sid('q', i), k,
  initcap(pg_temp.word(${sqlArray(ADJECTIVES)}, i + k)) || ' ' || pg_temp.word(${sqlArray(NOUNS)}, i * 3 + k)
from generate_series(${from}, ${to}) i, generate_series(0, ${OPTIONS_OF('i')} - 1) k`;

/** 0 to 24 voters a poll (8 on average); a voter voting twice on one poll is skipped. */
export const pollVotesSql = ({ from, to }: Chunk, s: CampusSize) => `
with p as materialized (
  select i, floor(power(random(), 2) * 25)::int as voters from generate_series(${from}, ${to}) i)
insert into poll_votes (user_id, poll_id, option_id, created_at)
select ${anyUser(s, 1)}, pg_temp.sid('q', p.i),
  pg_temp.sid('o', p.i * 8 + floor(random() * ${OPTIONS_OF('p.i')})::bigint),
  pg_temp.later_than('q:' || p.i)
from p, generate_series(1, p.voters) v
on conflict do nothing`;

/** Top-level comments: on posts chosen with a skew (hot posts get most of the talk). */
export const topCommentsSql = ({ from, to }: Chunk, s: CampusSize) => `
with g as materialized (select i, pg_temp.pick(${s.posts}, 2) as post from generate_series(${from}, ${to}) i)
insert into comments (id, post_id, user_id, body, created_at)
select pg_temp.sid('c', g.i), pg_temp.sid('p', g.post), ${anyUser(s, 1.5)}, pg_temp.snippet(g.i * 13, 20, 400),
  pg_temp.later_than('p:' || g.post)
from g`;

/** Replies of one depth: each answers a random comment of the depth above, on the same post. */
export const repliesSql = ({ from, to }: Chunk, parents: Chunk, s: CampusSize) => `
with g as materialized (
  select i, ${parents.from} + floor(random() * ${parents.to - parents.from + 1})::bigint as parent
  from generate_series(${from}, ${to}) i)
insert into comments (id, post_id, parent_id, user_id, body, created_at)
select pg_temp.sid('c', g.i), c.post_id, c.id, ${anyUser(s, 1.5)}, pg_temp.snippet(g.i * 13, 20, 400),
  pg_temp.later(c.created_at)
from g join comments c on c.id = pg_temp.sid('c', g.parent)`;

export const postVotesSql = ({ from, to }: Chunk, s: CampusSize) => `
with g as materialized (select pg_temp.pick(${s.posts}, 2) as post from generate_series(${from}, ${to}))
insert into votes (user_id, post_id, value, created_at)
select ${anyUser(s, 1)}, pg_temp.sid('p', g.post), case when random() < 0.8 then 1 else -1 end,
  pg_temp.later_than('p:' || g.post)
from g
on conflict do nothing`;

export const commentVotesSql = ({ from, to }: Chunk, s: CampusSize) => `
with g as materialized (select pg_temp.pick(${s.comments}, 2) as comment from generate_series(${from}, ${to}))
insert into votes (user_id, post_id, comment_id, value, created_at)
select ${anyUser(s, 1)}, c.post_id, c.id, case when random() < 0.8 then 1 else -1 end, pg_temp.later(c.created_at)
from g join comments c on c.id = pg_temp.sid('c', g.comment)
on conflict do nothing`;

/** About 2 % of the comments that have replies were deleted by their authors: kept as '[deleted]'. */
export const deletedCommentsSql = `
update comments set deleted = true, body = ${sqlText(COMMENTS.deletedBody)}, user_id = null
where id in (select parent_id from comments where parent_id is not null)
  and pg_temp.h('deleted:' || id) < 0.02`;

/** Members: every room's creator, everyone who wrote or voted in it, and a few pending entries. */
export const roomMembersSql = (s: CampusSize) => `
insert into room_members (room_id, user_id, joined, invited, created_at)
select creator_id_room, user_id, true, false, min(at) from (
  select id as creator_id_room, creator_id as user_id, created_at as at from rooms
  union all select sub_community, user_id, created_at from posts where sub_community is not null
  union all select sub_community, user_id, created_at from polls where sub_community is not null
  union all select p.sub_community, v.user_id, v.created_at from votes v join posts p on p.id = v.post_id
    where p.sub_community is not null
  union all select p.sub_community, c.user_id, c.created_at from comments c join posts p on p.id = c.post_id
    where p.sub_community is not null and c.user_id is not null
  union all select q.sub_community, v.user_id, v.created_at from poll_votes v join polls q on q.id = v.poll_id
    where q.sub_community is not null
) m group by 1, 2
on conflict do nothing;
insert into room_members (room_id, user_id, joined, invited, created_at)
select r.id, ${anyUser(s, 1)}, false, random() < 0.3, pg_temp.later(r.created_at)
from rooms r, generate_series(1, 3) k where r.private
on conflict do nothing`;

/** Vote notices to post authors, as posts/vote writes them. */
export const notificationsSql = (s: CampusSize) => `
insert into notifications (kind, to_user, from_user, post_id, title, body, is_read, created_at)
select 'postVote', p.user_id, v.user_id, p.id,
  case when v.value = 1 then ${sqlText(POSTS.upvoted)} else ${sqlText(POSTS.downvoted)} end,
  p.title, random() < 0.7, v.created_at
from votes v join posts p on p.id = v.post_id
where v.comment_id is null and v.user_id <> p.user_id
limit ${s.notifications}`;

/** A room's counts (migration 0010) from the rows of room `r`: the seed sets them, the check compares. */
export const ROOM_COUNTS = {
  member_count: '(select count(*) from room_members m where m.room_id = r.id and m.joined)',
  post_count: '(select count(*) from posts p where p.sub_community = r.id)',
  poll_count: '(select count(*) from polls q where q.sub_community = r.id)',
};

/** Popular's stored rank from the counters (server/modules/posts/popular.ts), at the database's clock. */
const popularRankSql = new PgDialect().sqlToQuery(popularRank(sql`now()`).inlineParams()).sql;

/**
 * The counter columns, recomputed from the rows (docs/decisions.md: counters, not aggregates; the
 * rooms' triggers are off during the seed), then Popular's rank of the posts it ranks.
 */
export const countersSql = `
update posts p set upvotes = c.up, downvotes = c.down
from (select post_id, count(*) filter (where value = 1)::int as up, count(*) filter (where value = -1)::int as down
      from votes where comment_id is null group by post_id) c
where p.id = c.post_id;
update posts p set comment_count = c.n
from (select post_id, count(*)::int as n from comments where not deleted group by post_id) c
where p.id = c.post_id;
update comments t set upvotes = c.up, downvotes = c.down
from (select comment_id, count(*) filter (where value = 1)::int as up, count(*) filter (where value = -1)::int as down
      from votes where comment_id is not null group by comment_id) c
where t.id = c.comment_id;
update poll_options o set votes = c.n
from (select option_id, count(*)::int as n from poll_votes group by option_id) c
where o.id = c.option_id;
update rooms r set ${Object.entries(ROOM_COUNTS)
  .map(([column, count]) => `${column} = ${count}`)
  .join(', ')};
update posts set popular_rank = ${popularRankSql} where ${popularRankSql} is not null`;

/**
 * The seed runs with foreign-key triggers off (session_replication_role = replica: every reference
 * is built from existing numbers); this counts the references that point nowhere, which must be 0.
 */
export const danglingReferencesSql = `
select
  (select count(*) from posts p where not exists (select 1 from users u where u.id = p.user_id))
+ (select count(*) from posts p where p.sub_community is not null
     and not exists (select 1 from rooms r where r.id = p.sub_community))
+ (select count(*) from polls q where not exists (select 1 from users u where u.id = q.user_id))
+ (select count(*) from poll_options o where not exists (select 1 from polls q where q.id = o.poll_id))
+ (select count(*) from poll_votes v where not exists (select 1 from poll_options o where o.id = v.option_id))
+ (select count(*) from poll_votes v where not exists (select 1 from users u where u.id = v.user_id))
+ (select count(*) from comments c where not exists (select 1 from posts p where p.id = c.post_id))
+ (select count(*) from comments c where c.user_id is not null
     and not exists (select 1 from users u where u.id = c.user_id))
+ (select count(*) from votes v where not exists (select 1 from posts p where p.id = v.post_id))
+ (select count(*) from votes v where not exists (select 1 from users u where u.id = v.user_id))
+ (select count(*) from votes v where v.comment_id is not null
     and not exists (select 1 from comments c where c.id = v.comment_id))
+ (select count(*) from room_members m where not exists (select 1 from users u where u.id = m.user_id))
  as dangling`;
