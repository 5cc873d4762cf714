/**
 * The live section (issue 20): 1,000 event streams (`GET /api/events`) of the signed-in bench
 * accounts held open on the bench server, most of them watching one of a handful of posts the bench
 * writes for the purpose, and
 * - delivery: votes on those posts, paced, from the write's request to the `post.tally` at every
 *   stream watching the post and to the `notification` at every stream of its author; on one server
 *   process, and (PostgreSQL only) with the votes sent to a second process while the streams stay on
 *   the first;
 * - memory: the server process's resident memory before and after opening the idle streams, each
 *   read right after a full garbage collection (memoryProbe.ts);
 * - writes: the `write: post vote` scenario twice with the streams open against twice without (before
 *   they are opened and after they are closed), after one run that is not counted (a warm-up).
 * Every stream and the second process are closed at the end, on failure too, and the posts deleted.
 */
import { loadavg } from 'node:os';
import { TOPICS } from '../../src/domain/constants.ts';
import type { BenchOptions } from './campus.ts';
import { serverEnv } from './database.ts';
import type { Fixtures } from './fixtures.ts';
import { type HttpRate, httpRate, type Session } from './http.ts';
import { type BenchStream, openStream } from './liveClient.ts';
import { SCENARIOS } from './scenarios.ts';
import { type BenchServer, type ProcessMemory, startBenchServer } from './server.ts';

/** What the bench server runs with so that 1,000 streams fit on 128 accounts (8 each by default). */
export const LIVE_SERVER_ENV = { LIVE_STREAMS_PER_ACCOUNT: '16' };

export const LIVE_TARGETS = { deliveryP99MaxMs: 250, idleStreamMaxKb: 20, writeLossMax: 0.1 } as const;

const STREAMS = 1000;
/** Posts most streams watch: each vote on one reaches a fifth of the streams. */
const HOT_POSTS = 5;
/** Of every 10 streams: 8 watch a hot post, 1 a post the vote scenario writes to, 1 nothing. */
const HOT_SHARE = 8;
const FRESH_SHARE = 1;
const VOTES = 200;
const VOTE_INTERVAL_MS = 50;
const OPEN_CONCURRENCY = 20;
const READY_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** How long after the last acknowledged vote events may still arrive. */
const DELIVERY_WAIT_MS = 10_000;
const SETTLE_MS = 4_000;
const MEMORY_STEPS = 5;
const VOTE_SCENARIO = 'write: post vote';
const MAX_DROPS_KEPT = 5;

export interface Latency {
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /**
   * Events that had not arrived DELIVERY_WAIT_MS after the last vote was acknowledged, at streams
   * still open when the vote was sent.
   */
  missed: number;
  /** From the vote's response instead of its request (0 when the event came first). */
  afterResponse: { p50: number; p99: number };
}

export interface Delivery {
  /** Where the votes were sent, and where the streams were. */
  setup: string;
  votes: number;
  /** From the vote request being sent to the `post.tally` at each stream watching the post. */
  tally: Latency;
  /** From the vote request being sent to the `notification` at each stream of the post's author. */
  notification: Latency;
  /** The vote requests themselves, sent to acknowledged. */
  acknowledged: { p50: number; p99: number };
}

export interface LiveSection {
  date: string;
  database: 'pglite' | 'postgres';
  /** BENCH_SCALE of this run (the database may have been seeded at another: see `posts`). */
  scale: number;
  posts: number;
  streams: number;
  accounts: number;
  watching: { hotPosts: number; perHotPost: number; freshPosts: number; none: number };
  votes: number;
  voteIntervalMs: number;
  oneInstance: Delivery;
  twoInstances: Delivery | { skipped: string };
  memory:
    | {
        rssBeforeMb: number;
        rssAfterMb: number;
        /** Resident memory added per stream: the slope of `readings` with streams open. */
        rssPerStreamKb: number;
        /** The same of the JavaScript heap and the memory its objects hold outside it (heapUsed + external). */
        heapPerStreamKb: number;
        /** The larger of the two: what is held against the target. */
        perStreamKb: number;
        /** After a full garbage collection, with this many streams open. */
        readings: { streams: number; rssMb: number; heapMb: number }[];
      }
    | { skipped: string };
  writes: {
    scenario: string;
    durationSeconds: number;
    connections: number;
    /** req/s before the streams were opened and after they were closed. */
    withoutRps: [number, number];
    /** req/s of two runs with the streams open (after the delivery run on one instance, and at the end). */
    withRps: [number, number];
    /** The mean of withRps over the mean of withoutRps. */
    ratio: number;
    failures: number;
  };
  /** Streams the server ended, and `reload` events, while they should have stayed open. */
  droppedStreams: number;
  /** The first of them: when, how, and after how many events (1: the `ready` alone). */
  drops: { secondsIntoSection: number; how: string; eventsBefore: number; watch: string | null }[];
  reloads: number;
  /** The machine's load averages (1, 5, 15 min) when the section started and ended. */
  loadAverage: { start: number[]; end: number[] };
  verdicts: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** `arrivals`: [event arrival, request sent, response received] of each event expected and received. */
function latency(arrivals: [number, number, number][], missed: number): Latency {
  const sorted = (list: number[]) => list.sort((a, b) => a - b);
  const fromRequest = sorted(arrivals.map(([at, sent]) => at - sent));
  const fromResponse = sorted(arrivals.map(([at, , acked]) => Math.max(0, at - acked)));
  return {
    samples: fromRequest.length,
    p50: round(percentile(fromRequest, 0.5)),
    p99: round(percentile(fromRequest, 0.99)),
    max: round(fromRequest.at(-1) ?? 0),
    missed,
    afterResponse: { p50: round(percentile(fromResponse, 0.5)), p99: round(percentile(fromResponse, 0.99)) },
  };
}

/** The server's memory after SETTLE_MS and a full garbage collection. */
async function settledMemory(server: BenchServer): Promise<ProcessMemory> {
  await sleep(SETTLE_MS);
  return server.memory();
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxx > 0 ? sxy / sxx : 0;
}

/**
 * Opens the planned streams in MEMORY_STEPS steps, reading the server's memory (after a full
 * collection) before the first and after each; the cost of a stream is the slope of the readings
 * with streams open. The reading before them is reported but not in the slope: memory the write load
 * before had used goes back to the system late, and has been seen to lower the resident memory by
 * 30 MB between it and the first step.
 */
async function openMeasured(
  server: BenchServer,
  plan: { session: Session; watch: string | null }[],
  into: BenchStream[],
): Promise<LiveSection['memory']> {
  if (Number(process.env.WEB_CONCURRENCY ?? 1) > 1) {
    await openStreams(server.url, plan, into);
    return { skipped: 'WEB_CONCURRENCY > 1: the streams are held by worker processes, not the one started' };
  }
  const readings: [number, ProcessMemory][] = [[0, await settledMemory(server)]];
  const opening = performance.now();
  for (let step = 1; step <= MEMORY_STEPS; step += 1) {
    const end = Math.round((plan.length * step) / MEMORY_STEPS);
    await openStreams(server.url, plan.slice(into.length, end), into);
    readings.push([into.length, await settledMemory(server)]);
  }
  const seconds = ((performance.now() - opening) / 1000).toFixed(1);
  console.log(
    `live: ${into.length} streams open in ${seconds} s, memory read after each ${plan.length / MEMORY_STEPS}`,
  );
  const first = readings[0]?.[1];
  const last = readings.at(-1)?.[1];
  if (!first || !last) throw new Error('no memory readings');
  const open = readings.filter(([n]) => n > 0);
  const perStreamKb = (of: (m: ProcessMemory) => number) =>
    round(slope(open.map(([n, m]) => [n, of(m)])) / 1024);
  const rssPerStreamKb = perStreamKb((m) => m.rss);
  const heapPerStreamKb = perStreamKb((m) => m.heapUsed + m.external);
  return {
    rssBeforeMb: round(first.rss / 2 ** 20),
    rssAfterMb: round(last.rss / 2 ** 20),
    rssPerStreamKb,
    heapPerStreamKb,
    perStreamKb: Math.max(rssPerStreamKb, heapPerStreamKb),
    readings: readings.map(([streams, m]) => ({
      streams,
      rssMb: round(m.rss / 2 ** 20),
      heapMb: round((m.heapUsed + m.external) / 2 ** 20),
    })),
  };
}

const writeHeaders = (s: Session) => ({
  cookie: s.cookie,
  'x-xsrf-token': s.xsrf,
  'content-type': 'application/json',
});

async function createPost(url: string, author: Session, n: number): Promise<string> {
  const form = new FormData();
  form.set('title', `Bench live ${n}: is the library open late this week?`);
  form.set('topic', TOPICS[0]);
  form.set('body', 'Asking for the whole study group.');
  const res = await fetch(`${url}/api/posts/postWithImg`, {
    method: 'POST',
    headers: { cookie: author.cookie, 'x-xsrf-token': author.xsrf },
    body: form,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (res.status !== 201) throw new Error(`posting live post ${n}: ${res.status} ${await res.text()}`);
  const { post } = (await res.json()) as { post: { id: string } };
  return post.id;
}

async function deletePost(url: string, author: Session, id: string): Promise<void> {
  const res = await fetch(`${url}/api/posts/delete`, {
    method: 'DELETE',
    headers: writeHeaders(author),
    body: JSON.stringify({ id }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!res.ok) console.error(`live: deleting post ${id} answered ${res.status}`);
}

interface HotPost {
  id: string;
  author: Session;
  /** Everyone else, in the order they vote. */
  voters: Session[];
  /** Votes sent so far: vote k is the k-th `post.tally` each of its watchers receives. */
  voted: number;
  /** The acknowledgement of the last vote sent (the next waits for it: one vote at a time per post). */
  lastAck: Promise<unknown>;
}

/** Who voted what on the hot posts, so that every vote changes the tally and we know which notify. */
class Ballots {
  private readonly current = new Map<string, number>();
  private readonly notified = new Set<string>();

  /** The next vote of `voter` on `post`, and whether it writes a notification (notifyOnce). */
  next(voter: string, post: string): { val: 1 | -1; notifies: boolean } {
    const key = `${voter}:${post}`;
    const val = this.current.get(key) === 1 ? -1 : 1;
    this.current.set(key, val);
    const told = `${key}:${val}`;
    const notifies = !this.notified.has(told);
    this.notified.add(told);
    return { val, notifies };
  }
}

interface SentVote {
  post: HotPost;
  /** Its index among the post's votes. */
  k: number;
  voterId: string;
  notifies: boolean;
  sentAt: number;
  ackAt: number | null;
}

/** `VOTES` votes on the hot posts sent to `writeUrl`, paced; latencies at `streams`. */
async function measureDelivery(
  setup: string,
  writeUrl: string,
  hot: HotPost[],
  ballots: Ballots,
  streams: BenchStream[],
): Promise<Delivery> {
  const watchers = new Map(hot.map((p) => [p.id, streams.filter((s) => s.watch === `post:${p.id}`)]));
  const ofAuthor = new Map(hot.map((p) => [p.id, streams.filter((s) => s.userId === p.author.account.id)]));
  const sent: SentVote[] = [];
  const failures: string[] = [];
  const start = performance.now();
  for (let i = 0; i < VOTES; i += 1) {
    const post = hot[i % hot.length];
    if (!post) throw new Error('no hot posts');
    const wait = start + i * VOTE_INTERVAL_MS - performance.now();
    if (wait > 0) await sleep(wait);
    await post.lastAck;
    const voter = post.voters[post.voted % post.voters.length];
    if (!voter) throw new Error('no voters');
    const { val, notifies } = ballots.next(voter.account.id, post.id);
    const vote: SentVote = {
      post,
      k: post.voted,
      voterId: voter.account.id,
      notifies,
      sentAt: performance.now(),
      ackAt: null,
    };
    post.voted += 1;
    sent.push(vote);
    post.lastAck = fetch(`${writeUrl}/api/posts/vote`, {
      method: 'POST',
      headers: writeHeaders(voter),
      body: JSON.stringify({ postId: post.id, val, commentId: null }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }).then(
      async (res) => {
        await res.arrayBuffer();
        if (res.status === 201) vote.ackAt = performance.now();
        else failures.push(`vote answered ${res.status}`);
      },
      (error: unknown) => failures.push(String(error)),
    );
  }
  await Promise.all(hot.map((p) => p.lastAck));
  if (failures.length) throw new Error(`${failures.length} votes failed: ${failures.slice(0, 3).join('; ')}`);

  const tallyOf = (v: SentVote, s: BenchStream) => s.tallies[v.k];
  const noticeOf = (v: SentVote, s: BenchStream) =>
    s.notifications.find((n) => n.postId === v.post.id && n.fromUser === v.voterId);
  const allArrived = () =>
    sent.every(
      (v) =>
        (watchers.get(v.post.id) ?? []).every((s) => tallyOf(v, s) !== undefined || !s.open) &&
        (!v.notifies || (ofAuthor.get(v.post.id) ?? []).every((s) => noticeOf(v, s) || !s.open)),
    );
  for (let waited = 0; waited < DELIVERY_WAIT_MS && !allArrived(); waited += 50) await sleep(50);

  const tallies: [number, number, number][] = [];
  const notices: [number, number, number][] = [];
  let missedTallies = 0;
  let missedNotices = 0;
  // A stream the server had already ended when the vote was sent is counted in droppedStreams instead.
  const expected = (v: SentVote, streams: BenchStream[] | undefined) =>
    (streams ?? []).filter((s) => !s.dropped || s.dropped.at > v.sentAt);
  for (const v of sent) {
    const acked = v.ackAt ?? v.sentAt;
    for (const s of expected(v, watchers.get(v.post.id))) {
      const at = tallyOf(v, s);
      if (at === undefined) missedTallies += 1;
      else tallies.push([at, v.sentAt, acked]);
    }
    if (!v.notifies) continue;
    for (const s of expected(v, ofAuthor.get(v.post.id))) {
      const notice = noticeOf(v, s);
      if (notice) notices.push([notice.at, v.sentAt, acked]);
      else missedNotices += 1;
    }
  }
  const acks = sent.map((v) => (v.ackAt ?? v.sentAt) - v.sentAt).sort((a, b) => a - b);
  return {
    setup,
    votes: sent.length,
    tally: latency(tallies, missedTallies),
    notification: latency(notices, missedNotices),
    acknowledged: { p50: round(percentile(acks, 0.5)), p99: round(percentile(acks, 0.99)) },
  };
}

/**
 * Opens the streams, OPEN_CONCURRENCY at a time; every one opened is pushed to `into` at once (the
 * caller closes them). After a failure no more are started, and it throws once those under way settle.
 */
async function openStreams(
  url: string,
  plan: { session: Session; watch: string | null }[],
  into: BenchStream[],
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < plan.length) {
      const item = plan[next];
      next += 1;
      if (!item) break;
      const who = { userId: item.session.account.id, cookie: item.session.cookie };
      try {
        into.push(await openStream(url, who, item.watch, READY_TIMEOUT_MS));
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: OPEN_CONCURRENCY }, worker));
  const failure = outcomes.find((o) => o.status === 'rejected');
  if (failure) throw new Error(`opening ${plan.length} streams`, { cause: failure.reason });
}

/** Which stream watches what: stream j belongs to signed-in account j mod their number. */
function streamPlan(sessions: Session[], hot: HotPost[], fixtures: Fixtures) {
  let hotIndex = 0;
  let freshIndex = 0;
  return Array.from({ length: STREAMS }, (_, j) => {
    const session = sessions[j % sessions.length];
    if (!session) throw new Error('no signed-in sessions');
    const slot = j % 10;
    let watch: string | null = null;
    if (slot < HOT_SHARE) {
      watch = `post:${hot[hotIndex % hot.length]?.id}`;
      hotIndex += 1;
    } else if (slot < HOT_SHARE + FRESH_SHARE && fixtures.freshPosts.length) {
      watch = `post:${fixtures.freshPosts[freshIndex % fixtures.freshPosts.length]}`;
      freshIndex += 1;
    }
    return { session, watch };
  });
}

/** The second server process of the two-instance part, stopped by `stopLiveServers` on Ctrl-C too. */
let second: BenchServer | null = null;

export async function stopLiveServers(): Promise<void> {
  const server = second;
  second = null;
  await server?.stop();
}

async function writeRate(url: string, fixtures: Fixtures, sessions: Session[], options: BenchOptions) {
  const scenario = SCENARIOS.find((s) => s.name === VOTE_SCENARIO);
  if (!scenario) throw new Error(`no scenario ${VOTE_SCENARIO}`);
  const seconds = options.durationSeconds;
  const warmupSeconds = Math.max(1, Math.min(3, Math.round(seconds / 4)));
  const rate = await httpRate(url, scenario, fixtures, sessions, options.connections, seconds, warmupSeconds);
  console.log(`live: ${VOTE_SCENARIO} ${rate.rps.toFixed(0)} req/s, p99 ${rate.p99} ms`);
  return rate;
}

const failuresOf = (r: HttpRate) => r.errors + r.non2xx;

/**
 * Runs the section against `server` (started with LIVE_SERVER_ENV) as the signed-in `sessions`.
 * `posts`: how many posts the bench database holds (its scale).
 */
export async function measureLive(
  server: BenchServer,
  fixtures: Fixtures,
  sessions: Session[],
  options: BenchOptions,
  posts: number,
): Promise<LiveSection> {
  if (sessions.length <= HOT_POSTS) throw new Error(`the live section needs more than ${HOT_POSTS} accounts`);
  const loadStart = loadavg().map((n) => round(n, 2));
  const sectionStart = performance.now();
  const streams: BenchStream[] = [];
  const hot: HotPost[] = [];
  try {
    // A run not counted first: with `--only live` the server has just started, and its first run of
    // writes (cold JIT, cold caches) would make the baseline look slow.
    await writeRate(server.url, fixtures, sessions, options);
    const without1 = await writeRate(server.url, fixtures, sessions, options);
    for (let n = 0; n < HOT_POSTS; n += 1) {
      const author = sessions[n] as Session;
      hot.push({
        id: await createPost(server.url, author, n + 1),
        author,
        voters: sessions.filter((s) => s !== author),
        voted: 0,
        lastAck: Promise.resolve(),
      });
    }
    // Warms the stream route and its session and visibility reads before the memory baseline.
    const warm: BenchStream[] = [];
    await openStreams(server.url, streamPlan(sessions, hot, fixtures).slice(0, 50), warm).finally(() => {
      for (const s of warm) s.close();
    });

    const plan = streamPlan(sessions, hot, fixtures);
    const memory = await openMeasured(server, plan, streams);
    console.log(`live: memory ${JSON.stringify(memory)}`);

    const ballots = new Ballots();
    const oneInstance = await measureDelivery(
      'votes and streams on one server process',
      server.url,
      hot,
      ballots,
      streams,
    );
    console.log(`live: one instance ${JSON.stringify(oneInstance)}`);
    const with1 = await writeRate(server.url, fixtures, sessions, options);

    let twoInstances: Delivery | { skipped: string };
    if (!options.databaseUrl) {
      twoInstances = {
        skipped:
          'the bench runs on PGlite, which one server process holds in itself: there is no second instance ' +
          '(scripts/with-postgres npm run bench -- --only live runs this part)',
      };
    } else {
      second = await startBenchServer({ ...serverEnv(options), ...LIVE_SERVER_ENV });
      console.log(`live: second server ${second.url} (pid ${second.pid})`);
      twoInstances = await measureDelivery(
        'votes sent to a second server process, streams on the first (PostgreSQL NOTIFY between them)',
        second.url,
        hot,
        ballots,
        streams,
      );
      console.log(`live: two instances ${JSON.stringify(twoInstances)}`);
      await stopLiveServers();
    }
    const with2 = await writeRate(server.url, fixtures, sessions, options);

    const dropped = streams.filter((s) => s.dropped);
    const droppedStreams = dropped.length;
    const drops = dropped.slice(0, MAX_DROPS_KEPT).map((s) => ({
      secondsIntoSection: round(((s.dropped?.at ?? sectionStart) - sectionStart) / 1000),
      how: s.dropped?.how ?? '',
      eventsBefore: s.received,
      watch: s.watch,
    }));
    if (droppedStreams) {
      console.error(`live: streams ended by the server: ${JSON.stringify(drops)}`);
      console.error(`live: the server's last output:\n${server.output().slice(-3000)}`);
    }
    const reloads = streams.reduce((sum, s) => sum + s.reloads, 0);
    for (const s of streams.splice(0)) s.close();
    const without2 = await writeRate(server.url, fixtures, sessions, options);

    const withoutMean = (without1.rps + without2.rps) / 2;
    const withMean = (with1.rps + with2.rps) / 2;
    const hotWatchers = plan.filter((p) => hot.some((h) => p.watch === `post:${h.id}`)).length;
    const section: Omit<LiveSection, 'verdicts'> = {
      date: new Date().toISOString(),
      database: options.databaseUrl ? 'postgres' : 'pglite',
      scale: options.scale,
      posts,
      streams: plan.length,
      accounts: sessions.length,
      watching: {
        hotPosts: HOT_POSTS,
        perHotPost: Math.round(hotWatchers / HOT_POSTS),
        freshPosts: plan.filter((p) => p.watch !== null).length - hotWatchers,
        none: plan.filter((p) => p.watch === null).length,
      },
      votes: VOTES,
      voteIntervalMs: VOTE_INTERVAL_MS,
      oneInstance,
      twoInstances,
      memory,
      writes: {
        scenario: VOTE_SCENARIO,
        durationSeconds: options.durationSeconds,
        connections: options.connections,
        withoutRps: [round(without1.rps, 0), round(without2.rps, 0)],
        withRps: [round(with1.rps, 0), round(with2.rps, 0)],
        ratio: round(withoutMean > 0 ? withMean / withoutMean : 0, 3),
        failures: [without1, with1, with2, without2].reduce((sum, r) => sum + failuresOf(r), 0),
      },
      droppedStreams,
      drops,
      reloads,
      loadAverage: { start: loadStart, end: loadavg().map((n) => round(n, 2)) },
    };
    return { ...section, verdicts: liveVerdicts(section) };
  } finally {
    for (const s of streams) s.close();
    await stopLiveServers();
    for (const post of hot) await deletePost(server.url, post.author, post.id).catch(() => undefined);
  }
}

/** The section's figures against the issue's targets, with how far off a missed one is. */
export function liveVerdicts(r: Omit<LiveSection, 'verdicts'>): string[] {
  const { deliveryP99MaxMs, idleStreamMaxKb, writeLossMax } = LIVE_TARGETS;
  const delivery = (where: string, d: Delivery | { skipped: string }) => {
    if ('skipped' in d) return [`not applicable: delivery across two instances (${d.skipped})`];
    return (['tally', 'notification'] as const).map((kind) => {
      const { p99, missed } = d[kind];
      const what = `p99 delivery of ${kind === 'tally' ? 'post.tally' : 'notification'} ${where} ${p99} ms`;
      const lost = missed ? `, ${missed} events never arrived` : '';
      return p99 < deliveryP99MaxMs && !missed
        ? `met: ${what} (< ${deliveryP99MaxMs} ms)`
        : `MISSED: ${what} (< ${deliveryP99MaxMs} ms${p99 >= deliveryP99MaxMs ? `: ${round(p99 - deliveryP99MaxMs)} ms over` : ''}${lost})`;
    });
  };
  const memory =
    'skipped' in r.memory
      ? `not measured: memory per idle stream (${r.memory.skipped})`
      : r.memory.perStreamKb < idleStreamMaxKb
        ? `met: ${r.memory.perStreamKb} KB of server memory per idle stream (< ${idleStreamMaxKb} KB)`
        : `MISSED: ${r.memory.perStreamKb} KB of server memory per idle stream (< ${idleStreamMaxKb} KB: ` +
          `${round(r.memory.perStreamKb - idleStreamMaxKb)} KB over)`;
  const loss = 1 - r.writes.ratio;
  const [before, after] = r.writes.withoutRps;
  const spread = Math.abs(before - after) / Math.max(1, (before + after) / 2);
  const writes =
    `${r.writes.withRps.join(' and ')} req/s of ${r.writes.scenario} with the streams open against ` +
    `${r.writes.withoutRps.join(' and ')} without (${round(r.writes.ratio * 100)} %)`;
  const writeVerdict =
    spread > writeLossMax
      ? `inconclusive: ${writes}; the two runs without streams differ by ${round(spread * 100, 0)} % ` +
        `(the machine's load changed), more than the ${writeLossMax * 100} % to be judged`
      : loss <= writeLossMax
        ? `met: ${writes}, within ${writeLossMax * 100} %`
        : `MISSED: ${writes}: ${round(loss * 100)} % fewer, ${round((loss - writeLossMax) * 100)} points beyond ${writeLossMax * 100} %`;
  return [
    ...delivery('on one instance', r.oneInstance),
    ...delivery('across two instances', r.twoInstances),
    memory,
    writeVerdict,
    ...(r.droppedStreams + r.reloads
      ? [
          `FAIL: ${r.droppedStreams} streams ended by the server and ${r.reloads} reload events during the run` +
            (r.drops.length
              ? ` (${r.drops.map((d) => `${d.secondsIntoSection} s in, after ${d.eventsBefore} events`).join('; ')})`
              : ''),
        ]
      : []),
  ];
}

/**
 * Whether the section failed (as opposed to missing a target): events lost or streams dropped. Errors
 * of the write runs are in `writes.failures` and its table row; the scenario's own row judges them.
 */
export function liveFailed(r: LiveSection | null | undefined): boolean {
  if (!r) return true;
  const lost = (d: Delivery | { skipped: string }) =>
    'skipped' in d ? 0 : d.tally.missed + d.notification.missed;
  return lost(r.oneInstance) + lost(r.twoInstances) + r.droppedStreams + r.reloads > 0;
}

const ms = (l: Latency) => `${l.p50} / ${l.p99} / ${l.max} (${l.samples.toLocaleString('en')})`;

/** The section's table for stdout and the README. */
export function liveMarkdown(r: LiveSection): string {
  const two = 'skipped' in r.twoInstances ? null : r.twoInstances;
  const cell = (f: (d: Delivery) => string) => (two ? f(two) : 'n/a');
  const memory =
    'skipped' in r.memory
      ? 'not measured'
      : `${r.memory.perStreamKb} KB (resident ${r.memory.rssPerStreamKb} KB, ` +
        `${r.memory.rssBeforeMb} → ${r.memory.rssAfterMb} MB; heap and its external memory ${r.memory.heapPerStreamKb} KB)`;
  const afterResponse = (d: Delivery) =>
    `${d.tally.afterResponse.p50} / ${d.tally.afterResponse.p99}, ` +
    `${d.notification.afterResponse.p50} / ${d.notification.afterResponse.p99}`;
  return [
    `Live, ${r.date}: ${r.database}, ${r.posts.toLocaleString('en')} posts (BENCH_SCALE ${r.scale}); ` +
      `${r.streams.toLocaleString('en')} streams of ${r.accounts} accounts on one server process ` +
      `(${r.watching.hotPosts} posts watched by ~${r.watching.perHotPost} streams each, ` +
      `${r.watching.freshPosts} watching posts the vote scenario writes to, ${r.watching.none} notifications only); ` +
      `${r.votes} votes ${r.voteIntervalMs} ms apart in each delivery run, latency from the vote's request ` +
      `to the event at each stream; memory read after a full garbage collection after each ` +
      `${r.streams / MEMORY_STEPS} streams opened, the cost of a stream being the slope.`,
    '',
    '| Live | one instance | two instances | target |',
    '|---|---:|---:|---|',
    `| post.tally delivery p50 / p99 / max ms (events) | ${ms(r.oneInstance.tally)} | ${cell((d) => ms(d.tally))} | p99 < ${LIVE_TARGETS.deliveryP99MaxMs} ms |`,
    `| notification delivery p50 / p99 / max ms (events) | ${ms(r.oneInstance.notification)} | ${cell((d) => ms(d.notification))} | p99 < ${LIVE_TARGETS.deliveryP99MaxMs} ms |`,
    `| events that never arrived | ${r.oneInstance.tally.missed + r.oneInstance.notification.missed} | ${cell((d) => String(d.tally.missed + d.notification.missed))} | 0 |`,
    `| the same from the vote's response, p50 / p99 ms (tally, notification) | ${afterResponse(r.oneInstance)} | ${cell(afterResponse)} | |`,
    `| the vote request itself p50 / p99 ms | ${r.oneInstance.acknowledged.p50} / ${r.oneInstance.acknowledged.p99} | ${cell((d) => `${d.acknowledged.p50} / ${d.acknowledged.p99}`)} | |`,
    `| server memory per idle stream | ${memory} | | < ${LIVE_TARGETS.idleStreamMaxKb} KB |`,
    `| ${r.writes.scenario} req/s with 1,000 streams (two runs) / without (before, after) | ${r.writes.withRps.join(', ')} / ${r.writes.withoutRps.join(', ')} (${round(r.writes.ratio * 100)} %)${r.writes.failures ? `, ${r.writes.failures} errors or non-2xx` : ''} | | ≥ ${100 - LIVE_TARGETS.writeLossMax * 100} % |`,
    '',
    `Load average (1 / 5 / 15 min) ${r.loadAverage.start.join(' / ')} at the start, ${r.loadAverage.end.join(' / ')} at the end.`,
    '',
    ...r.verdicts.map((v) => `- ${v}`),
  ].join('\n');
}
