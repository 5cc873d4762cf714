/**
 * `npm run bench:profile -- <scenario name>`: where the server's CPU time goes. Starts the bench
 * server with `--cpu-prof`, drives one scenario (scenarios.ts, matched by name) with autocannon for
 * BENCH_DURATION seconds, stops the server so that node writes the profile, and prints the self time
 * by package (or source folder) and the heaviest functions. The profile is kept in bench/profiles/
 * for Chrome DevTools or speedscope.
 * Environment: as `npm run bench` (DATA_DIR, DATABASE_URL, BENCH_DURATION, BENCH_CONNECTIONS); the
 * database must already be seeded (`npm run bench` or `npm run seed:large` seeds it).
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createCrypto } from '../../server/infra/crypto.ts';
import { benchOptions } from './campus.ts';
import { openBenchDatabase, serverEnv } from './database.ts';
import { readFixtures } from './fixtures.ts';
import { httpRate, signInPool } from './http.ts';
import { SCENARIOS } from './scenarios.ts';
import { startBenchServer } from './server.ts';

const PROFILES = resolve('bench/profiles');
const TOP = 25;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `node_modules/<pkg>` (scoped too), a source folder of this repo, or the kind of native frame. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inModules = url.split('node_modules/').pop() ?? url;
  if (inModules !== url) {
    const [first, second] = inModules.split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url);
  }
  if (url.startsWith('node:')) return 'node core';
  const local = url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
  return local.split('/').slice(0, 3).join('/');
}

function summarise(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    total += ms;
    const owner = ownerOf(frame.url, frame.functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    const name = `${frame.functionName || '(anonymous)'} ${owner}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const top = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([name, ms]) => `${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`);
  return { total, owners: top(owners), functions: top(functions) };
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).join(' ') || 'home posts p1';
  const scenario = SCENARIOS.find((s) => s.name === wanted);
  if (!scenario) throw new Error(`no scenario "${wanted}": ${SCENARIOS.map((s) => s.name).join(', ')}`);
  const options = benchOptions();
  const database = await openBenchDatabase(options);
  const session = await database.session();
  const fixtures = await readFixtures(
    session,
    createCrypto(database.config.secret),
    database.config.collegeDomain,
  ).finally(async () => {
    session.release();
    await database.close();
  });
  mkdirSync(PROFILES, { recursive: true });
  const started = Date.now();
  const server = await startBenchServer(serverEnv(options), ['--cpu-prof', `--cpu-prof-dir=${PROFILES}`]);
  try {
    const sessions = await signInPool(server.url, fixtures.accounts, 64);
    const rate = await httpRate(
      server.url,
      scenario,
      fixtures,
      sessions,
      options.connections,
      options.durationSeconds,
      2,
    );
    console.log(`${scenario.name}: ${rate.rps.toFixed(0)} req/s, p99 ${rate.p99} ms, ${rate.errors} errors`);
  } finally {
    await server.stop();
  }
  const file = readdirSync(PROFILES)
    .map((name) => join(PROFILES, name))
    .filter((path) => path.endsWith('.cpuprofile') && statSync(path).mtimeMs >= started)
    // tsx's loader thread writes a small profile of its own: the main thread's is the largest.
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!file) throw new Error('the server wrote no profile');
  const { total, owners, functions } = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  console.log(`\nProfile ${file}: ${(total / 1000).toFixed(1)} s sampled (sign-ins and warm-up included)`);
  console.log(`\nSelf time by package or folder:\n${owners.join('\n')}`);
  console.log(`\nHeaviest functions (self time):\n${functions.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
