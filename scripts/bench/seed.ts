/**
 * Fills an empty, migrated database with the benchmark campus (campus.ts), phase by phase, printing
 * progress and timing, then gives the bench accounts real password hashes and sealed addresses the
 * way sign-up does (server/infra/crypto.ts), so they can sign in for real.
 */
import type { Crypto } from '../../server/infra/crypto.ts';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, benchEmail, type CampusSize } from './campus.ts';
import { type SqlSession, secondsSince } from './database.ts';
import * as q from './seedSql.ts';

export interface SeedReport {
  seconds: number;
  phases: { name: string; seconds: number }[];
  rows: Record<string, number>;
}

const ROWS_A_STATEMENT = 50_000;
/** Comments by depth (top level first), as shares of all comments: threads up to 8 deep. */
const DEPTH_SHARES = [0.4, 0.25, 0.15, 0.09, 0.05, 0.03, 0.02, 0.01];

const COUNTED_TABLES = [
  'users',
  'rooms',
  'room_members',
  'posts',
  'polls',
  'poll_options',
  'poll_votes',
  'comments',
  'votes',
  'notifications',
] as const;

export async function tableCounts(session: SqlSession): Promise<Record<string, number>> {
  const select = COUNTED_TABLES.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ');
  const [row] = await session.rows<Record<string, number>>(`select ${select}`);
  return row ?? {};
}

/** The user number of the n-th bench account (1-based): the last users, ordinary in activity. */
export const benchUserNumber = (size: CampusSize, n: number) => size.users - BENCH_ACCOUNTS + n;

/** Comment number ranges of each depth. */
function depthRanges(total: number): q.Chunk[] {
  const ranges: q.Chunk[] = [];
  let from = 1;
  for (const [depth, share] of DEPTH_SHARES.entries()) {
    const last = depth === DEPTH_SHARES.length - 1;
    const count = last ? total - from + 1 : Math.max(1, Math.round(total * share));
    ranges.push({ from, to: from + count - 1 });
    from += count;
  }
  return ranges;
}

async function sealBenchAccounts(session: SqlSession, size: CampusSize, crypto: Crypto, domain: string) {
  const passwordHash = await crypto.hashPassword(BENCH_PASSWORD);
  const numbers = Array.from({ length: BENCH_ACCOUNTS }, (_, i) => i + 1);
  const rows: string[] = [];
  // Four at a time: the argon2 thread pool's width.
  for (let first = 0; first < numbers.length; first += 4) {
    const sealed = await Promise.all(
      numbers.slice(first, first + 4).map(async (n) => {
        const email = benchEmail(n, domain);
        const seal = await crypto.sealWithPassword(BENCH_PASSWORD, email);
        return `(${benchUserNumber(size, n)}, '${crypto.emailHash(email)}', '${seal}')`;
      }),
    );
    rows.push(...sealed);
  }
  await session.exec(`
update users u set email_hash = v.email_hash, email_sealed = v.sealed, password_hash = '${passwordHash}'
from (values ${rows.join(', ')}) as v(n, email_hash, sealed)
where u.id = pg_temp.sid('u', v.n)`);
}

export async function seedCampus(
  session: SqlSession,
  size: CampusSize,
  crypto: Crypto,
  domain: string,
  log: (line: string) => void = console.log,
): Promise<SeedReport> {
  const started = performance.now();
  const phases: SeedReport['phases'] = [];
  const phase = async (name: string, work: string[] | (() => Promise<void>)) => {
    const start = performance.now();
    const statements = typeof work === 'function' ? [] : work;
    if (typeof work === 'function') await work();
    for (const [index, statement] of statements.entries()) {
      await session.exec(statement);
      if (statements.length > 1)
        log(`  ${name}: ${index + 1}/${statements.length} (${secondsSince(start)} s)`);
    }
    phases.push({ name, seconds: Number(secondsSince(start)) });
    log(`[seed] ${name} done in ${secondsSince(start)} s (total ${secondsSince(started)} s)`);
  };
  const inChunks = (total: number, sql: (c: q.Chunk) => string, rows = ROWS_A_STATEMENT) =>
    q.chunks(total, rows).map(sql);

  await session.exec('select setseed(0.2024)');
  // Foreign-key triggers off while loading: they cost more than the rows (checked at the end instead).
  await session.exec('set session_replication_role = replica');
  await session.exec(q.helperFunctions(new Date()));
  await phase('users', inChunks(size.users, q.usersSql));
  await phase('bench accounts (argon2)', () => sealBenchAccounts(session, size, crypto, domain));
  await phase('rooms', [q.roomsSql(size)]);
  await phase(
    'posts',
    inChunks(size.posts, (c) => q.postsSql(c, size)),
  );
  await phase('polls and options', [
    ...inChunks(size.polls, (c) => q.pollsSql(c, size)),
    ...inChunks(size.polls, q.pollOptionsSql, 20_000),
  ]);
  await phase(
    'poll votes',
    inChunks(size.polls, (c) => q.pollVotesSql(c, size), 10_000),
  );
  const depths = depthRanges(size.comments);
  const commentStatements = depths.flatMap((range, depth) => {
    const parents = depths[depth - 1];
    const parts = q.chunks(range.to - range.from + 1, ROWS_A_STATEMENT, range.from);
    return parts.map((c) => (parents ? q.repliesSql(c, parents, size) : q.topCommentsSql(c, size)));
  });
  await phase('comments (8 levels)', commentStatements);
  await phase(
    'post votes',
    inChunks(size.postVotes, (c) => q.postVotesSql(c, size), 100_000),
  );
  await phase(
    'comment votes',
    inChunks(size.commentVotes, (c) => q.commentVotesSql(c, size), 100_000),
  );
  await phase('deleted comments', [q.deletedCommentsSql]);
  await phase('room members', [q.roomMembersSql(size)]);
  await phase('notifications', [q.notificationsSql(size)]);
  await phase('counters', [q.countersSql]);
  await session.exec('set session_replication_role = origin');
  await phase('references checked', async () => {
    const [row] = await session.rows<{ dangling: number }>(q.danglingReferencesSql);
    if (Number(row?.dangling) !== 0) throw new Error(`${row?.dangling} references point nowhere`);
  });
  await phase('vacuum analyze', ['vacuum analyze']);
  const rows = await tableCounts(session);
  return { seconds: Number(secondsSince(started)), phases, rows };
}
