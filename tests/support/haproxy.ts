/**
 * Debian's haproxy in front of server processes, as docs/operations.md sets it up: one frontend on a
 * free 127.0.0.1 port, round robin, servers checked with GET /api/health/ready a few times a second,
 * X-Forwarded-For added. A connection that fails is tried again on the other server, but an answer
 * is never retried: every 5xx a server sends reaches the client.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { supervise } from './childProcess.ts';
import { freePort } from './serverProcess.ts';

const HAPROXY_PATHS = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];
const START_TIMEOUT_MS = 30_000;

export interface Balancer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** The haproxy binary, or undefined when it is not installed. */
export const haproxyPath = (): string | undefined => HAPROXY_PATHS.find((path) => existsSync(path));

/** Server URLs (http://127.0.0.1:<port>) → haproxy.cfg balancing over them. */
export function haproxyConfig(port: number, servers: string[]): string {
  const lines = servers.map((url, i) => `  server app${i + 1} ${new URL(url).host}`);
  return `global
  maxconn 2048

defaults
  mode http
  option forwardfor
  # Read a request's body before answering it: haproxy's own 503 (no server ready) would otherwise
  # cut the connection under a client still sending, which sees EPIPE instead of the answer.
  option http-buffer-request
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  timeout queue 10s
  timeout http-request 10s
  timeout check 2s
  retries 2
  option redispatch

frontend quad
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server check inter 500ms fastinter 100ms downinter 100ms rise 1 fall 2
${lines.join('\n')}
`;
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${output()}`);
    const ready = await fetch(`${url}/api/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`haproxy did not serve within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export async function startHaproxy(servers: string[]): Promise<Balancer> {
  const binary = haproxyPath();
  if (!binary) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const folder = mkdtempSync(join(tmpdir(), 'quad-haproxy-'));
  const port = await freePort();
  const config = join(folder, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(port, servers));
  // -db: in the foreground, its alerts (a server going down or up) on stderr.
  const child = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  const { output, stop } = supervise(child, folder);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output, stop };
}
