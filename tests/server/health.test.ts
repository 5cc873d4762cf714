import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../server/infra/storage.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { createTestApp, expectError, setupTestApp, type TestApp } from '../support/testApp.ts';

const t = setupTestApp();

describe('health', () => {
  it('answers liveness without a session', async () => {
    const res = await t.client().get('health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('is ready when the database answers, and says which database serves', async () => {
    const res = await t.client().get('health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });
});

describe('the uploads folder', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'quad-health-'));
  /** A path that runs through a plain file: nothing can ever be written under it. */
  const blocked = join(scratch, 'a-file', 'uploads');
  writeFileSync(join(scratch, 'a-file'), 'not a folder');
  let broken: TestApp;
  beforeAll(async () => {
    broken = await createTestApp();
    symlinkSync(blocked, join(broken.dataDir, 'uploads'));
  });
  afterAll(async () => {
    await broken?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('passes the check before the first upload created it, when its parent is writable', async () => {
    await expect(
      createDiskStorage(join(scratch, 'not', 'yet', 'uploads')).check?.(),
    ).resolves.toBeUndefined();
  });

  it('fails the check, naming the reason, when nothing can be written there', async () => {
    await expect(createDiskStorage(blocked).check?.()).rejects.toThrow(
      'the uploads folder is not writable (ENOTDIR)',
    );
  });

  it('makes the server not ready (503), naming the problem', async () => {
    const res = await broken.client().get('health/ready');
    expectError(res, 503, 'The uploads storage is not usable: the uploads folder is not writable (ENOTDIR)');
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('graceful shutdown of the real server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  /** The XSRF cookie every state-changing request must echo. */
  async function xsrfToken(): Promise<string> {
    const res = await fetch(`${server.url}/api/health`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    return cookie?.split(';')[0]?.slice('XSRF-TOKEN='.length) ?? '';
  }

  it('says at start-up where uploads go, and warns when other machines could not see them', () => {
    expect(server.output()).toMatch(/^ {2}uploads: folder \S+\/uploads$/m);
    // A database other machines can share, uploads on this one's disk: scaling out would lose images.
    const warning =
      'warning: uploads are kept on this machine; several machines on one database need S3_BUCKET';
    if (process.env.DATABASE_URL) expect(server.output()).toContain(warning);
    else expect(server.output()).not.toContain(warning);
  });

  it('finishes a request that is in flight when SIGTERM arrives, then exits', async () => {
    const token = await xsrfToken();
    const body = JSON.stringify({ username: 'nobody_here', password: 'Whatever#123' });
    const half = Math.floor(body.length / 2);
    const { port } = new URL(server.url);
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/signin',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie: `XSRF-TOKEN=${token}`,
            'x-xsrf-token': token,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      // The rest of the body arrives only after the server was told to stop.
      setTimeout(() => req.end(body.slice(half)), 500);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = server.stop();
    const reply = await answered;
    await stopped;
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body)).toEqual({ msg: "User doesn't exists. Please Sign Up" });
  });
});
