/**
 * What the request-rate limit itself costs, without the rest of a request: one Fastify instance with
 * the limit as the server installs it (server/infra/rateLimit.ts, its store in the database, budgets
 * no request reaches) and one with the limit off (every budget 0: allow-listed, the store not asked),
 * each answering a route that does nothing. Rounds of REQUESTS requests (CONCURRENCY at a time, from
 * ADDRESSES client addresses, so as many keys) alternate off and on; each round reads the CPU time of
 * this process and of the PostgreSQL processes (campusProbes.ts) and the medians of the rounds are
 * printed, per request. Needs a PostgreSQL on this machine:
 *   scripts/with-postgres npx tsx scripts/bench/limitStore.ts
 * Environment: LIMIT_ROUNDS (pairs of rounds; 5), LIMIT_REQUESTS (a round's requests; 5000).
 * docs/operations.md ("What the limit costs") has the figures and how they compare with an app open.
 */
import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { installRateLimit } from '../../server/infra/rateLimit.ts';
import { benchCpu, type CpuProbe, databaseCpu } from './campusProbes.ts';

const ROUNDS = Number(process.env.LIMIT_ROUNDS ?? 5);
const REQUESTS = Number(process.env.LIMIT_REQUESTS ?? 5000);
const CONCURRENCY = 8;
const ADDRESSES = 256;
const UNREACHED = 1_000_000;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: run it under scripts/with-postgres');

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const handle = await openDatabase(config.database);
await migrateDatabase(handle);
const probed = await databaseCpu(databaseUrl);
if ('skipped' in probed) throw new Error(probed.skipped);
const probe: CpuProbe = probed;

async function app(budget: number): Promise<FastifyInstance> {
  const instance = Fastify({ logger: false });
  instance.decorateRequest('user', null);
  const budgets = { read: budget, write: budget, auth: budget };
  await instance.register(async (api) => {
    await installRateLimit(api, {
      db: handle.db,
      now: () => new Date(),
      budgets: { account: budgets, address: budgets, trusted: [] },
      subjectHash: (subject) => createHmac('sha256', 'limit-store-bench').update(subject).digest('base64url'),
    });
    api.get('/api/nothing', async () => ({ ok: true }));
  });
  await instance.ready();
  return instance;
}

async function round(instance: FastifyInstance) {
  let next = 0;
  let refused = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const n = next++;
      const res = await instance.inject({
        method: 'GET',
        url: '/api/nothing',
        remoteAddress: `10.0.${(n % ADDRESSES) >> 8}.${n % ADDRESSES}`,
      });
      if (res.statusCode !== 200) refused += 1;
    }
  };
  const server0 = benchCpu.cpuSeconds();
  const database0 = probe.cpuSeconds();
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const perRequest = (seconds: number) => (seconds * 1e6) / REQUESTS;
  return {
    serverUs: perRequest(benchCpu.cpuSeconds() - server0),
    databaseUs: perRequest(probe.cpuSeconds() - database0),
    wallUs: perRequest((performance.now() - start) / 1000),
    refused,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const off = await app(0);
const on = await app(UNREACHED);
// a warm-up of each, not counted (JIT, the pool's connections, the table's first rows)
await round(off);
await round(on);
const results = {
  off: [] as Awaited<ReturnType<typeof round>>[],
  on: [] as Awaited<ReturnType<typeof round>>[],
};
for (let i = 0; i < ROUNDS; i++) {
  for (const mode of ['off', 'on'] as const) {
    const r = await round(mode === 'off' ? off : on);
    results[mode].push(r);
    console.log(
      `round ${i + 1} ${mode}: server ${r.serverUs.toFixed(1)} µs, database ${r.databaseUs.toFixed(1)} µs, ` +
        `wall ${r.wallUs.toFixed(1)} µs a request (${r.refused} refused)`,
    );
  }
}
for (const mode of ['off', 'on'] as const) {
  const rs = results[mode];
  console.log(
    `median ${mode}: server ${median(rs.map((r) => r.serverUs)).toFixed(1)} µs, database ` +
      `${median(rs.map((r) => r.databaseUs)).toFixed(1)} µs, wall ${median(rs.map((r) => r.wallUs)).toFixed(1)} µs a request`,
  );
}
await off.close();
await on.close();
await handle.close();
