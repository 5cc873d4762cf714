/** Starts the real server (server/main.ts) as a child process on a free loopback port. */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Tests and the bench send far more from one address or account than a person would: the request-rate
 * limit and the hourly write limits are off; the tests of those limits turn them on.
 */
export const RATE_LIMITS_OFF = {
  RATE_LIMIT_READS: '0',
  RATE_LIMIT_WRITES: '0',
  RATE_LIMIT_AUTH: '0',
  RATE_LIMIT_ADDRESS_READS: '0',
  RATE_LIMIT_ADDRESS_WRITES: '0',
  RATE_LIMIT_ADDRESS_AUTH: '0',
  WRITE_LIMITS: 'posts=0,polls=0,comments=0,rooms=0,reports=0',
};

/** A migrated PGlite data folder to copy for each fresh embedded server (pgliteTemplate.ts). */
export const PGLITE_TEMPLATE_ENV = 'QUAD_PGLITE_TEMPLATE';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  /** The process started (the cluster primary under WEB_CONCURRENCY). */
  pid: number;
  /** Settles when the process has exited, with its code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
  stop(): Promise<void>;
  /** kill -9: no shutdown at all, as a crash or a pulled plug. */
  crash(): Promise<void>;
  /** stop(), with kill -9 if the process has not exited `ms` after SIGTERM: whether it exited by itself. */
  stopWithin(ms: number): Promise<boolean>;
}

export interface ServerOptions {
  /** A data folder to use and keep (a restart on the same data); by default a fresh one, removed at stop. */
  dataDir?: string;
  /** The port to listen on (a server started again where a balancer expects it); a free one by default. */
  port?: number;
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // Two minutes: on a loaded 2-core machine a first PGlite open alone has taken over 40 s.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/auth/generateusername`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start within 120 s:\n${output()}`);
}

export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'quad-e2e-data-'));
  // A fresh embedded database starts as a copy of the migrated one of the run (pgliteTemplate.ts).
  const template = process.env[PGLITE_TEMPLATE_ENV];
  const embedded = !(env.DATABASE_URL ?? process.env.DATABASE_URL);
  if (template && embedded && !options.dataDir)
    cpSync(template, join(dataDir, 'pglite'), { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // One process, whose pid the tests signal, unless a test asks for workers.
      WEB_CONCURRENCY: '1',
      ...RATE_LIMITS_OFF,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(url, child, () => log);
  const exit = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  const stop = async () => {
    await exit('SIGTERM');
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    pid: child.pid ?? 0,
    exited,
    output: () => log,
    stop,
    crash: () => exit('SIGKILL'),
    async stopWithin(ms) {
      let graceful = true;
      const deadline = setTimeout(() => {
        graceful = false;
        child.kill('SIGKILL');
      }, ms);
      await stop();
      clearTimeout(deadline);
      return graceful;
    },
  };
}
