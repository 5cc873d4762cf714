/**
 * The request-rate limit of /api: @fastify/rate-limit with a store that counts writes and the auth
 * routes in the database, shared by every server process (one atomic upsert per request into the
 * unlogged rate_limit_hits table), and reads in each process's memory (`databaseStore`). Budgets are
 * per minute, per group of routes (reads, writes, auth), per account when signed in and per client
 * address otherwise (behind a proxy the address comes from TRUST_PROXY), with budgets of their own: a
 * campus shares a few addresses, so a visitor address's budgets are a lecture hall's. Visitors from
 * a trusted network (RATE_LIMIT_TRUSTED) have no address budget at all; accounts keep theirs.
 */
import { BlockList } from 'node:net';
import fastifyRateLimit from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../src/domain/messages.ts';
import { cidrOf, type RateBudgets, type RateGroup } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';
import { httpError } from './errors.ts';

export const RATE_WINDOW_MS = 60_000;

/** The routes that check a password or a code, or send a mail: the guessing and spamming targets. */
const AUTH_ROUTES = new Set(
  ['signup', 'varifyotp', 'resendotp', 'signin', 'resetpass', 'updatepass'].map((r) => `/api/auth/${r}`),
);

export function rateGroupOf(request: FastifyRequest): RateGroup {
  if (AUTH_ROUTES.has(request.routeOptions.url ?? '')) return 'auth';
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}

interface StoreDeps {
  db: Executor;
  now: () => Date;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The read group's keys (`keyGenerator` below). */
const READ_KEY_PREFIX = 'read:';

/**
 * Hits per key in the current fixed window, in this process's memory; a new window starts the map
 * afresh. For reads: see `databaseStore`.
 */
function processCounter() {
  let window = 0;
  let hits = new Map<string, number>();
  return {
    hit(key: string, windowStart: number): number {
      if (windowStart !== window) {
        window = windowStart;
        hits = new Map();
      }
      const current = (hits.get(key) ?? 0) + 1;
      hits.set(key, current);
      return current;
    },
  };
}

/**
 * Counts a key's hits in the current fixed window. Writes and sign-in, sign-up and code requests are
 * counted in the database, atomically, so their budgets hold exactly across server processes (the
 * guessing and spamming targets). Reads, most of a campus's requests, are counted by each process in
 * memory: they cost PostgreSQL nothing, and behind N processes a subject may read up to N budgets a
 * minute, which still stops a scraper (docs/operations.md, "What the limit costs"). Old windows are
 * pruned about once a window. The upsert is prepared once (Drizzle's `.prepare()`): building it anew for every request cost the
 * server more CPU than sending it (docs/operations.md, "What the limit costs").
 */
function databaseStore({ db, now }: StoreDeps) {
  const increment = db
    .insert(rateLimitHits)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('windowStart'), hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits })
    .prepare('rate_limit_increment');
  const reads = processCounter();
  let prunedAt = 0;
  const prune = (at: number) => {
    if (at - prunedAt < RATE_WINDOW_MS) return;
    prunedAt = at;
    db.delete(rateLimitHits)
      .where(lt(rateLimitHits.windowStart, new Date(at - RATE_WINDOW_MS)))
      .catch(() => undefined);
  };

  return class DatabaseRateStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const at = now().getTime();
      const windowStart = at - (at % timeWindow);
      if (key.startsWith(READ_KEY_PREFIX)) {
        callback(null, { current: reads.hit(key, windowStart), ttl: windowStart + timeWindow - at });
        return;
      }
      increment.execute({ key, windowStart: new Date(windowStart) }).then(([row]) => {
        prune(at);
        callback(null, { current: row?.hits ?? 1, ttl: windowStart + timeWindow - at });
      }, callback);
    }

    child(): DatabaseRateStore {
      return this;
    }
  };
}

export interface RateLimitOptions extends StoreDeps {
  budgets: { account: RateBudgets; address: RateBudgets; trusted: string[] };
  /** A keyed hash, so the table holds neither account ids nor client addresses. */
  subjectHash: (subject: string) => string;
}

/** Registers the limit on every route of the calling scope (after the session is known). */
export async function installRateLimit(scope: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { budgets, subjectHash } = options;
  const trusted = new BlockList();
  for (const range of budgets.trusted) {
    const cidr = cidrOf(range);
    if (cidr) trusted.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  const budgetOf = (request: FastifyRequest) =>
    (request.user ? budgets.account : budgets.address)[rateGroupOf(request)];
  const fromTrusted = (request: FastifyRequest) =>
    !request.user && trusted.check(request.ip, request.ip.includes(':') ? 'ipv6' : 'ipv4');
  await scope.register(fastifyRateLimit, {
    global: true,
    hook: 'preHandler',
    timeWindow: RATE_WINDOW_MS,
    store: databaseStore(options),
    allowList: (request) => budgetOf(request) === 0 || fromTrusted(request),
    max: budgetOf,
    keyGenerator: (request) => {
      const subject = request.user ? `user:${request.user.userId}` : `ip:${request.ip}`;
      return `${rateGroupOf(request)}:${subjectHash(subject)}`; // 'read:…' (READ_KEY_PREFIX), 'write:…', 'auth:…'
    },
    // Without the database the route itself answers 503; the limit does not fail it twice.
    skipOnError: true,
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) => httpError(429, tooManyRequests(context.ttl)),
  });
}
