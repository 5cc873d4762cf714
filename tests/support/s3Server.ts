/**
 * A real S3-compatible server (s3rver, from npm) as a child process on 127.0.0.1, with one bucket in a
 * temporary folder removed at stop. Unlike tests/support/s3Fake.ts it keeps its objects on disk and
 * answers the whole S3 API (HeadBucket included), as a bucket of several server processes would.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { supervise } from './childProcess.ts';

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';
const START_TIMEOUT_MS = 20_000;

export interface S3Server {
  /** `http://127.0.0.1:<port>`, for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The S3_* settings of a server process that keeps its uploads here (path-style). */
  env(): Record<string, string>;
  output(): string;
  stop(): Promise<void>;
}

function waitForPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output()}`)), START_TIMEOUT_MS);
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      settle();
    };
    const onData = () => {
      const port = /listening on 127\.0\.0\.1:(\d+)/.exec(output())?.[1];
      if (port) finish(() => resolve(Number(port)));
    };
    const onExit = () => finish(() => reject(new Error(`s3rver exited:\n${output()}`)));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

export async function startS3Server(bucket = 'quad-uploads'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'quad-s3rver-'));
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const child = spawn(
    process.execPath,
    [
      bin,
      '--directory',
      directory,
      '--address',
      '127.0.0.1',
      '--port',
      '0',
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const { output, stop } = supervise(child, directory);
  let port: number;
  try {
    port = await waitForPort(child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    env: () => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    }),
    output,
    stop,
  };
}
