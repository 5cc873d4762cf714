/**
 * Starts the real server (server/main.ts, the built SPA) on a free loopback port, and stops it. The
 * process also loads memoryProbe.ts, which reports its memory after a full collection on SIGUSR2.
 * The request-rate limit is off (every request comes from one address and a few shared accounts),
 * unless BENCH_LIMITS=shipped: then the limit runs as shipped, its store counting every /api request
 * in the database, with budgets no bench account or address reaches, to measure what the limit costs
 * (docs/operations.md, "What the limit costs").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, RATE_LIMITS_OFF } from '../../tests/support/serverProcess.ts';

export interface BenchServer {
  url: string;
  pid: number | undefined;
  output(): string;
  /** The process's memory (process.memoryUsage()) right after a full garbage collection. */
  memory(): Promise<ProcessMemory>;
  stop(): Promise<void>;
}

export interface ProcessMemory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const START_TIMEOUT_MS = 180_000;
const MEMORY_PROBE = new URL('./memoryProbe.ts', import.meta.url).href;
/** How memoryProbe.ts starts its line (it does not import this module, which is not for the server). */
const MEMORY_LINE = 'bench-memory ';
const MEMORY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 20_000;

/** The largest budget server/config.ts takes (requests a minute); 0 would turn the group's limit off. */
const UNREACHED_BUDGET = '1000000';

/**
 * BENCH_LIMITS=shipped: the limit on, every group counted by the store, none refused. The per-post
 * write limits (WRITE_LIMITS) stay off: the bench's shared accounts would reach them.
 */
export function benchLimitsEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const mode = env.BENCH_LIMITS?.trim() || 'off';
  if (mode === 'off') return RATE_LIMITS_OFF;
  if (mode !== 'shipped') throw new Error(`BENCH_LIMITS takes off or shipped (got ${mode})`);
  return {
    ...RATE_LIMITS_OFF,
    RATE_LIMIT_READS: UNREACHED_BUDGET,
    RATE_LIMIT_WRITES: UNREACHED_BUDGET,
    RATE_LIMIT_AUTH: UNREACHED_BUDGET,
    RATE_LIMIT_ADDRESS_READS: UNREACHED_BUDGET,
    RATE_LIMIT_ADDRESS_WRITES: UNREACHED_BUDGET,
    RATE_LIMIT_ADDRESS_AUTH: UNREACHED_BUDGET,
    RATE_LIMIT_TRUSTED: '',
  };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    const ready = await fetch(`${url}/api/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** `nodeArgs`: more flags for node, e.g. `--cpu-prof` (profile.ts). */
export async function startBenchServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<BenchServer> {
  const port = await freePort();
  const args = ['--import', 'tsx', '--expose-gc', '--import', MEMORY_PROBE, ...nodeArgs, 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every request comes from one address and a few accounts: the limit would skew the rates
      // (BENCH_LIMITS=shipped counts them all, refusing none).
      ...benchLimitsEnv(),
      // One process (its memory and CPU are read by pid), unless `env` says otherwise.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  const memory = () =>
    new Promise<ProcessMemory>((resolve, reject) => {
      let text = '';
      const onData = (chunk: Buffer) => {
        text += chunk.toString();
        const at = text.indexOf(MEMORY_LINE);
        const end = at >= 0 ? text.indexOf('\n', at) : -1;
        if (end < 0) return;
        done();
        resolve(JSON.parse(text.slice(at + MEMORY_LINE.length, end)) as ProcessMemory);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no memory report within ${MEMORY_TIMEOUT_MS / 1000} s`));
      }, MEMORY_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        child.stderr?.off('data', onData);
      };
      child.stderr?.on('data', onData);
      child.kill('SIGUSR2');
    });
  try {
    await waitUntilReady(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, output: () => log, memory, stop };
}
