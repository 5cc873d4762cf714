/** Starts the real server (server/main.ts, the built SPA) on a free loopback port, and stops it. */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, RATE_LIMITS_OFF } from '../../tests/support/serverProcess.ts';

export interface BenchServer {
  url: string;
  pid: number | undefined;
  output(): string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

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

export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every request comes from one address and a few accounts: the limit would skew the rates.
      ...RATE_LIMITS_OFF,
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
  try {
    await waitUntilReady(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, output: () => log, stop };
}
