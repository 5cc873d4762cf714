/**
 * A bounded write load for fault tests and the bench: signed-in writers create posts, comment on
 * them and vote on them, one request at a time each, until stopped (or out of time or requests).
 * Every acknowledged write (a 2xx) is recorded, every answer counted by status, and every answer
 * that is not a success or a well-formed 503 kept as a sample, as is every request left unanswered.
 * Then the two measures of a fault: how long until a write succeeds again once the database is
 * back, and which acknowledged writes the database no longer holds.
 */
import pg from 'pg';
import type { Answer, WebSession } from './webSession.ts';

export interface Writer {
  session: WebSession;
  userId: string;
}

export interface Acknowledged {
  posts: string[];
  comments: string[];
  /** Post votes (value 1): who voted on which post. */
  votes: { userId: string; postId: string }[];
}

/** How often something happened, with the first few cases. */
export interface Tally {
  count: number;
  samples: string[];
}

export interface LoadReport {
  requests: number;
  statuses: Record<string, number>;
  /** Timed out (no answer within ANSWER_TIMEOUT_MS) or cut off. */
  unanswered: Tally;
  /** 5xx answers other than 503. */
  serverErrors: Tally;
  /** Neither a success nor a 5xx: a 401 while the session table is away, a 429, ... */
  unexpected: Tally;
  /** The app's own 503s without Retry-After or { msg } (the balancer's 503 page is not the app's). */
  unhelpful503: Tally;
  acknowledged: Acknowledged;
}

export interface LoadLimits {
  maxRequests: number;
  maxMs: number;
}

export interface WriteLoad {
  /** Resolves once at least `count` writes have been acknowledged in all (or the load has ended). */
  acknowledgedAtLeast(count: number): Promise<void>;
  stop(): Promise<LoadReport>;
}

/** Between one writer's requests, and after an answer that was not a success. */
const PAUSE_MS = 20;
const BACKOFF_MS = 100;
const SAMPLES = 10;
/** A vote goes to one of the newest posts. */
const VOTE_CHOICES = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const emptyTally = (): Tally => ({ count: 0, samples: [] });
function note(tally: Tally, sample: string): void {
  tally.count += 1;
  if (tally.samples.length < SAMPLES) tally.samples.push(sample);
}

/** A topic post without an image, as the create-post form sends it. */
export function postForm(title: string): FormData {
  const form = new FormData();
  form.append('title', title);
  form.append('topic', 'dsa');
  form.append('body', 'Written while something failed.');
  return form;
}

/** The `msg` of a JSON answer, if it has one. */
function msgOf(res: Answer): unknown {
  try {
    return res.json().msg;
  } catch {
    return undefined;
  }
}

/** The app's 503 says when to retry and why; the balancer's own 503 page is not the app's answer. */
function isWellFormed503(res: Answer): boolean {
  if (!res.headers.get('content-type')?.includes('json')) return true;
  const msg = msgOf(res);
  return /^\d+$/.test(res.headers.get('retry-after') ?? '') && typeof msg === 'string' && msg !== '';
}

export function startWriteLoad(writers: Writer[], limits: LoadLimits): WriteLoad {
  const report: LoadReport = {
    requests: 0,
    statuses: {},
    unanswered: emptyTally(),
    serverErrors: emptyTally(),
    unexpected: emptyTally(),
    unhelpful503: emptyTally(),
    acknowledged: { posts: [], comments: [], votes: [] },
  };
  const { posts, comments, votes } = report.acknowledged;
  const deadline = Date.now() + limits.maxMs;
  let stopping = false;
  const going = () => !stopping && Date.now() < deadline && report.requests < limits.maxRequests;
  const acknowledgedCount = () => posts.length + comments.length + votes.length;

  /** Sends one request and counts its outcome: the answer when it was a success, else null. */
  async function attempt(what: string, call: () => Promise<Answer>): Promise<Answer | null> {
    report.requests += 1;
    let res: Answer;
    try {
      res = await call();
    } catch (error) {
      const { name, message, cause } = error as Error & { cause?: { code?: string } };
      note(report.unanswered, `${what}: ${name} ${message}${cause?.code ? ` (${cause.code})` : ''}`);
      return null;
    }
    report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
    if (res.status >= 200 && res.status < 300) return res;
    const sample = `${what}: ${res.status} ${res.text.slice(0, 200)}`;
    if (res.status === 503) {
      if (!isWellFormed503(res)) note(report.unhelpful503, sample);
    } else if (res.status >= 500) note(report.serverErrors, sample);
    else note(report.unexpected, sample);
    return null;
  }

  async function write(writer: Writer, n: number, voted: Set<string>): Promise<boolean> {
    const { session, userId } = writer;
    const newest = posts.slice(-VOTE_CHOICES).filter((id) => !voted.has(id));
    const postId = posts[Math.floor(Math.random() * posts.length)];
    if (n % 3 === 1 && postId) {
      const body = { postId, commentId: null, content: `Comment ${n} by ${userId}` };
      const res = await attempt('comment', () => session.post('posts/createcomment', body));
      if (res) comments.push(res.json<{ newComment: { id: string } }>().newComment.id);
      return Boolean(res);
    }
    const target = newest[Math.floor(Math.random() * newest.length)];
    if (n % 3 === 2 && target) {
      const res = await attempt('vote', () =>
        session.post('posts/vote', { postId: target, val: 1, commentId: null }),
      );
      if (res) {
        voted.add(target);
        votes.push({ userId, postId: target });
      }
      return Boolean(res);
    }
    const res = await attempt('post', () => session.post('posts/postWithImg', postForm(`Post ${n}`)));
    if (res) posts.push(res.json<{ post: { id: string } }>().post.id);
    return Boolean(res);
  }

  const run = async (writer: Writer) => {
    const voted = new Set<string>();
    for (let n = 0; going(); n += 1) {
      const acknowledged = await write(writer, n, voted);
      await sleep(acknowledged ? PAUSE_MS : BACKOFF_MS);
    }
  };
  const done = Promise.all(writers.map(run));

  return {
    async acknowledgedAtLeast(count) {
      while (acknowledgedCount() < count && going()) await sleep(50);
    },
    async stop() {
      stopping = true;
      await done;
      return report;
    },
  };
}

/**
 * Milliseconds until `attempt` first succeeds, trying again 100 ms after each failure; Infinity when
 * it has not succeeded within `limitMs`.
 */
export async function timeUntil(attempt: () => Promise<boolean>, limitMs = 30_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await attempt().catch(() => false)) return Math.round(performance.now() - start);
    await sleep(100);
  }
  return Number.POSITIVE_INFINITY;
}

/** One write through `session`, for timeUntil: is the service writing again? */
export const writeSucceeds = async (session: WebSession) =>
  (await session.post('posts/postWithImg', postForm('Are we back?'))).status === 201;

const FAULT_LOAD_LIMITS = { maxRequests: 40_000, maxMs: 60_000 };
/** Acknowledged writes before the fault: the load is running everywhere. */
const WARM = 50;
/** Load on the recovered service before the count. */
const AFTERWARDS_MS = 2_000;

export interface FaultOutcome {
  report: LoadReport;
  /** From the database being back (the fault returned) to the prober's first acknowledged write. */
  recoveryMs: number;
  /** How long the load ran, around the fault. */
  loadMs: number;
}

/**
 * Runs `fault`, which returns once the database is back, while `writers` write: the load starts
 * before the fault and ends 2 s after the prober's first write acknowledged since.
 */
export async function underWriteLoad(
  writers: Writer[],
  prober: WebSession,
  fault: () => Promise<void>,
): Promise<FaultOutcome> {
  const started = performance.now();
  const load = startWriteLoad(writers, FAULT_LOAD_LIMITS);
  try {
    await load.acknowledgedAtLeast(WARM);
    await fault();
    const recoveryMs = await timeUntil(() => writeSucceeds(prober));
    await sleep(AFTERWARDS_MS);
    const report = await load.stop();
    return { report, recoveryMs, loadMs: Math.round(performance.now() - started) };
  } finally {
    await load.stop();
  }
}

/** The acknowledged writes the database does not hold. */
export async function missingWrites(databaseUrl: string, acknowledged: Acknowledged): Promise<Acknowledged> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const absent = async (table: 'posts' | 'comments', ids: string[]) =>
      (
        await client.query<{ id: string }>(
          `select a.id from unnest($1::uuid[]) as a(id) where not exists (select 1 from ${table} t where t.id = a.id)`,
          [ids],
        )
      ).rows.map((row) => row.id);
    const { votes } = acknowledged;
    const missingVotes = await client.query<{ userId: string; postId: string }>(
      `select a.user_id as "userId", a.post_id as "postId"
         from unnest($1::uuid[], $2::uuid[]) as a(user_id, post_id)
        where not exists (select 1 from votes v where v.user_id = a.user_id and v.post_id = a.post_id
                                                 and v.comment_id is null and v.value = 1)`,
      [votes.map((v) => v.userId), votes.map((v) => v.postId)],
    );
    return {
      posts: await absent('posts', acknowledged.posts),
      comments: await absent('comments', acknowledged.comments),
      votes: missingVotes.rows,
    };
  } finally {
    await client.end();
  }
}
