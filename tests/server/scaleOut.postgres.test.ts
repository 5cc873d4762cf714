/**
 * Scale-out (DESIGN.md §5): two server processes on one PostgreSQL, uploads in one bucket, one user
 * journey alternating between them request by request; and WEB_CONCURRENCY workers on one port.
 * Needs PostgreSQL: collected only when DATABASE_URL is set (scripts/with-postgres; CI does).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '../../src/domain/messages.ts';
import { jpeg, png } from '../support/fixtures/images.ts';
import { type S3Fake, startS3Fake } from '../support/s3Fake.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';
import { COLLEGE_DOMAIN, createDatabase, PASSWORD, randomEmail, randomUsername } from '../support/testApp.ts';

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  json(): Record<string, unknown>;
}

/** One browser: one cookie jar and the XSRF echo, whichever process answers (as behind a balancer). */
class Browser {
  readonly cookies = new Map<string, string>();

  async call(server: RunningServer, method: string, path: string, body?: object | FormData): Promise<Answer> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.call(server, 'GET', 'health');
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(`${server.url}${path.startsWith('/') ? path : `/api/${path}`}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(body) : body,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      const gone = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      headers: res.headers,
      body: bytes,
      json: () => JSON.parse(bytes.toString()),
    };
  }
  get = (server: RunningServer, path: string) => this.call(server, 'GET', path);
  post = (server: RunningServer, path: string, body?: object | FormData) =>
    this.call(server, 'POST', path, body);
}

function expectAnswer(res: Answer, status: number): Record<string, unknown> {
  expect({ status: res.status, body: res.body.toString().slice(0, 300) }).toMatchObject({ status });
  return res.headers.get('content-type')?.includes('json') ? res.json() : {};
}

function imageForm(fields: Record<string, string>, file: { field: string; data: Buffer }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(file.field, new Blob([new Uint8Array(file.data)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

async function waitFor(check: () => boolean, what: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('two server processes on one PostgreSQL', () => {
  let smtp: SmtpCapture;
  let s3: S3Fake;
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let a: RunningServer;
  let b: RunningServer;
  const dataDirs = [
    mkdtempSync(join(tmpdir(), 'quad-scale-a-')),
    mkdtempSync(join(tmpdir(), 'quad-scale-b-')),
  ];

  beforeAll(async () => {
    [smtp, s3, database] = await Promise.all([
      startSmtpCapture(),
      startS3Fake(),
      createDatabase(process.env.DATABASE_URL ?? ''),
    ]);
    const env = {
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      COLLEGE_DOMAIN,
      SMTP_URL: smtp.url,
      ...s3.env(),
    };
    // Started together on an empty database: their migrations must not race.
    [a, b] = await Promise.all([
      startServer(env, { dataDir: dataDirs[0] }),
      startServer(env, { dataDir: dataDirs[1] }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([smtp?.close(), s3?.close(), database?.drop()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const alice = { browser: new Browser(), email: randomEmail(), username: randomUsername(), userID: '' };
  const bob = { browser: new Browser(), email: randomEmail(), username: randomUsername(), userID: '' };
  let postId = '';
  let image = '';
  let roomTitle = '';

  /** Sign-up on one process, the mailed code verified on the other. */
  async function signUp(who: typeof alice, first: RunningServer, second: RunningServer) {
    const mark = smtp.mails.length;
    const account = { email: who.email, username: who.username, password: PASSWORD };
    who.userID = expectAnswer(await who.browser.post(first, 'auth/signup', account), 202).userID as string;
    const otp = await smtp.latestOtp(who.email, { after: mark });
    const verify = { userID: who.userID, email: who.email, otp };
    expect(expectAnswer(await who.browser.post(second, 'auth/varifyotp', verify), 202)).toMatchObject({
      purpose: 'signup',
    });
  }

  it('signs up on A, verifies the code on B, signs in on A, and the session serves on both', async () => {
    await signUp(alice, a, b);
    expectAnswer(await alice.browser.post(a, 'auth/signin', { email: alice.email, password: PASSWORD }), 202);
    for (const server of [b, a]) {
      expect(expectAnswer(await alice.browser.post(server, 'auth/refreshsignin'), 200)).toEqual({
        email: alice.email,
      });
    }
  });

  it('posts with an image on B; A serves the image from the bucket; nothing lands on either disk', async () => {
    const form = imageForm(
      { title: 'Across processes', topic: 'dsa', body: 'Written on B.' },
      { field: 'postImg', data: await jpeg(160, 90) },
    );
    const { post } = expectAnswer(await alice.browser.post(b, 'posts/postWithImg', form), 201) as {
      post: { id: string; img: string };
    };
    postId = post.id;
    image = post.img;
    const file = await new Browser().get(a, image);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('private, no-cache');
    expect(await sharp(file.body).metadata()).toMatchObject({ format: 'webp', width: 160, height: 90 });
    expect(s3.objects.get(image.replace('/uploads/', ''))?.body).toEqual(file.body);
    for (const dir of dataDirs) expect(readdirSync(dir)).not.toContain('uploads');
  });

  it('comments on A; a second user signs up on B, verifies on A and votes on B; the author sees it on A', async () => {
    const comment = { postId, commentId: null, content: 'A comment sent to A.' };
    expectAnswer(await alice.browser.post(a, 'posts/createcomment', comment), 201);
    await signUp(bob, b, a);
    const vote = { postId, val: 1, commentId: null };
    expect(expectAnswer(await bob.browser.post(b, 'posts/vote', vote), 201)).toMatchObject({ upvotes: 1 });

    const { data } = expectAnswer(await alice.browser.get(a, 'u/notification'), 200) as {
      data: { postId: string; fromUser: string; user2: { username: string } | null }[];
    };
    expect(data).toEqual([
      expect.objectContaining({ postId, fromUser: bob.userID, user2: { username: bob.username } }),
    ]);
    const { post } = expectAnswer(await bob.browser.get(b, `posts/getapost?id=${postId}`), 200) as {
      post: { upvotes: number; myVote: number; comments: { body: string; user: { username: string } }[] };
    };
    expect(post).toMatchObject({
      upvotes: 1,
      myVote: 1,
      comments: [{ body: comment.content, user: { username: alice.username } }],
    });
  });

  it('creates a room on B that the other user joins on A', async () => {
    roomTitle = `Scale${randomBytes(3).toString('hex')}`;
    const form = imageForm(
      { title: roomTitle, desc: 'Made on B', privacy: 'false' },
      { field: 'roomImg', data: await png() },
    );
    const { newRoom } = expectAnswer(await alice.browser.post(b, 'rooms/create', form), 201) as {
      newRoom: { img: string };
    };
    expect((await new Browser().get(a, newRoom.img)).status).toBe(200);
    expect(expectAnswer(await bob.browser.post(a, 'rooms/join', { title: roomTitle }), 200)).toMatchObject({
      msg: 'You joined the room',
    });
    const shown = expectAnswer(await bob.browser.get(b, `rooms/showRoom/${roomTitle}`), 200);
    expect(shown).toMatchObject({ joined: true, room: { _count: { members: 2 } } });
  });

  it('throttles OTP resends across both processes (425)', async () => {
    const carol = new Browser();
    const email = randomEmail();
    const { userID } = expectAnswer(
      await carol.post(a, 'auth/signup', { email, username: randomUsername(), password: PASSWORD }),
      202,
    );
    for (const server of [b, a]) {
      const res = await carol.post(server, 'auth/resendotp', { userID, email, otp: '' });
      expect({ status: res.status, body: res.json() }).toEqual({
        status: 425,
        body: { msg: AUTH.otpThrottled },
      });
    }
  });

  it('logs out on B, which ends the session on A too; the other user stays signed in on both', async () => {
    const session = [...alice.browser.cookies].find(([name]) => name === 'quad_session');
    expect(session).toBeDefined();
    expectAnswer(await alice.browser.post(b, 'auth/logout'), 200);
    const replay = new Browser();
    for (const [name, value] of alice.browser.cookies) replay.cookies.set(name, value);
    replay.cookies.set(...(session as [string, string]));
    // A's session cache drops the session when the database's notice of its end arrives, a moment
    // after B's commit (server/modules/auth/sessionCache.ts).
    await expect
      .poll(async () => (await replay.post(a, 'auth/refreshsignin')).status, { timeout: 2_000 })
      .toBe(401);
    expectAnswer(await replay.get(a, 'u/notification'), 401);
    for (const server of [a, b]) {
      expect(expectAnswer(await bob.browser.post(server, 'auth/refreshsignin'), 200)).toEqual({
        email: bob.email,
      });
    }
  });
});

/** GET over a new connection each time, so the cluster hands each to the next worker. */
function freshGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

interface LogLine {
  pid: number;
  msg: string;
  worker?: number;
  code?: number | null;
  url?: string;
}
const logLines = (server: RunningServer): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let server: RunningServer;
  const listening = () =>
    logLines(server).filter((l) => l.msg === 'worker listening' && l.pid === server.pid);
  const servedBy = () =>
    new Set(
      logLines(server)
        .filter((l) => l.msg === 'request')
        .map((l) => l.pid),
    );

  beforeAll(async () => {
    database = await createDatabase(process.env.DATABASE_URL ?? '');
    server = await startServer({
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    });
    await waitFor(() => listening().length === 2, 'two workers', server.output);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('serves requests from two worker processes, neither of them the primary', async () => {
    for (let i = 0; i < 6; i += 1) expect(await freshGet(`${server.url}/api/health/ready`)).toBe(200);
    const workers = new Set(listening().map((l) => l.worker));
    expect(workers.size).toBe(2);
    expect(servedBy()).toEqual(workers);
    expect(workers.has(server.pid)).toBe(false);
  });

  it('starts a new worker when one crashes, and keeps serving meanwhile', async () => {
    const [victim] = listening().map((l) => l.worker);
    process.kill(victim ?? 0, 'SIGKILL');
    const died = () =>
      logLines(server).some((l) => l.msg === 'worker died; starting another' && l.worker === victim);
    await waitFor(died, 'the crash to be noticed', server.output);
    expect(await freshGet(`${server.url}/api/health`)).toBe(200);
    await waitFor(() => listening().length === 3, 'a new worker', server.output);
    const before = servedBy().size;
    for (let i = 0; i < 6; i += 1) expect(await freshGet(`${server.url}/api/health`)).toBe(200);
    expect(servedBy().size).toBe(before + 1);
  });

  it('passes SIGTERM to the workers and exits 0 once both have closed', async () => {
    const workers = listening()
      .map((l) => l.worker)
      .slice(-2);
    process.kill(server.pid, 'SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const stopped = logLines(server).filter((l) => l.msg === 'worker stopped');
    expect(stopped.map((l) => [l.worker, l.code]).sort()).toEqual(workers.map((w) => [w, 0]).sort());
    for (const pid of workers) expect(() => process.kill(pid ?? 0, 0)).toThrow(/ESRCH/);
  });
});
