/**
 * Scale-out as docs/operations.md describes it, on one machine: server processes (server/main.ts)
 * with their own data folders, one SESSION_SECRET, one PostgreSQL database (the caller's
 * DATABASE_URL), uploads in one bucket on a real S3 server (s3rver), and haproxy in front with
 * TRUST_PROXY set so the servers read X-Forwarded-For. Used by the fault suite and by the bench.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Balancer, startHaproxy } from './haproxy.ts';
import { type S3Server, startS3Server } from './s3Server.ts';
import { type RunningServer, startServer } from './serverProcess.ts';

export interface ScaleOutRig {
  balancer: Balancer;
  servers: RunningServer[];
  s3: S3Server;
  /** Each server process that exited before stop(), with the end of its output. */
  exits(): string[];
  /** Starts again, on the same port and data folder, every server process that exited. */
  revive(): Promise<void>;
  /**
   * Stops the server processes with SIGTERM, and kill -9 those still running 10 s later: returns
   * those, with the end of their output (a graceful shutdown that hangs is a fault of its own).
   */
  stopServers(): Promise<string[]>;
  /** Stops everything (the servers as stopServers does). */
  stop(): Promise<void>;
}

const OUTPUT_TAIL = 3000;
const SHUTDOWN_GRACE_MS = 10_000;

export interface RigOptions {
  /** Server processes (2). */
  count?: number;
  /**
   * One data folder for every process, whose secret.key is then their shared secret (the bench's, which
   * keyed its accounts' e-mail hashes). By default each has a fresh folder, and one SESSION_SECRET is made.
   */
  sharedDataDir?: string;
}

/** `env` must hold DATABASE_URL; COLLEGE_DOMAIN, SMTP_URL and the rate limits as the caller needs. */
export async function startScaleOutRig(
  env: Record<string, string>,
  { count = 2, sharedDataDir }: RigOptions = {},
): Promise<ScaleOutRig> {
  const dataDirs = Array.from(
    { length: count },
    (_, i) => sharedDataDir ?? mkdtempSync(join(tmpdir(), `quad-rig-${i + 1}-`)),
  );
  const servers: RunningServer[] = [];
  const exits: string[] = [];
  /** Indexes of the servers that exited. */
  const down = new Set<number>();
  let s3: S3Server | undefined;
  let balancer: Balancer | undefined;
  let stopping = false;

  const watch = (server: RunningServer, i: number) => {
    servers[i] = server;
    void server.exited.then(({ code, signal }) => {
      if (stopping) return;
      down.add(i);
      exits.push(
        `server ${i + 1} exited (code ${code}, signal ${signal}):\n${server.output().slice(-OUTPUT_TAIL)}`,
      );
    });
  };
  const stopServers = async () => {
    stopping = true;
    const graceful = await Promise.all(servers.map((server) => server.stopWithin(SHUTDOWN_GRACE_MS)));
    return servers.flatMap((server, i) =>
      graceful[i]
        ? []
        : [
            `server ${i + 1} ignored SIGTERM for ${SHUTDOWN_GRACE_MS / 1000} s:\n${server.output().slice(-OUTPUT_TAIL)}`,
          ],
    );
  };
  const stop = async () => {
    await balancer?.stop();
    await stopServers();
    await s3?.stop();
    if (!sharedDataDir) for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };

  try {
    s3 = await startS3Server();
    const shared = {
      ...(sharedDataDir ? {} : { SESSION_SECRET: randomBytes(32).toString('hex') }),
      TRUST_PROXY: 'loopback',
      ...s3.env(),
      ...env,
    };
    // Started together on one database: their migrations must not race.
    const started = await Promise.allSettled(dataDirs.map((dataDir) => startServer(shared, { dataDir })));
    for (const [i, outcome] of started.entries()) {
      if (outcome.status === 'fulfilled') watch(outcome.value, i);
    }
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    balancer = await startHaproxy(servers.map((server) => server.url));
    return {
      balancer,
      servers,
      s3,
      exits: () => [...exits],
      async revive() {
        for (const i of down) {
          const port = Number(new URL(servers[i]?.url ?? '').port);
          watch(await startServer(shared, { dataDir: dataDirs[i], port }), i);
          down.delete(i);
        }
      },
      stopServers,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
