/**
 * One app per test file: in-memory PGlite by default, or a fresh PostgreSQL database per file when
 * DATABASE_URL is set (so files run in parallel on one server); mails go over real SMTP to a capture;
 * the clock is controllable. Clients keep cookies like a browser (XSRF-TOKEN, quad_session, quad_reset).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type AppDeps, buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { type Crypto, createCrypto } from '../../server/infra/crypto.ts';
import { createSmtpMailer, type Mailer } from '../../server/infra/mailer.ts';
import type { Poll, Post, Room } from '../../src/domain/entities.ts';
import type { CreatePollBody } from '../../src/domain/postValidation.ts';
import { RATE_LIMITS_OFF } from './serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from './smtpCapture.ts';

export const COLLEGE_DOMAIN = 'ietlucknow.ac.in';
export const PASSWORD = 'Str0ng!pass';
export const TEST_PASSWORD_COST = { memoryCost: 1024, timeCost: 1 };

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function createClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}

export const randomEmail = () => `s${randomBytes(5).toString('hex')}@${COLLEGE_DOMAIN}`;
export const randomUsername = () => `U${randomBytes(5).toString('hex')}`;
const randomIp = () => `10.${[0, 0, 0].map(() => 1 + Math.floor(Math.random() * 250)).join('.')}`;

type Body = Record<string, unknown> | string | Buffer | undefined;
interface RequestOptions {
  headers?: Record<string, string>;
  /** The X-XSRF-TOKEN header to send: the cookie's value by default, `null` for none. */
  xsrf?: string | null;
}

/** A browser-like client over app.inject(): a cookie jar, the XSRF echo, and one client address. */
export class TestClient {
  readonly jar = new Map<string, { value: string; path: string }>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip: string = randomIp(),
  ) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  get(url: string, options: RequestOptions = {}) {
    return this.send('GET', url, undefined, options);
  }

  async post(url: string, body?: Body, options: RequestOptions = {}) {
    if (!this.jar.has('XSRF-TOKEN')) await this.get('/');
    return this.send('POST', url, body, options);
  }

  /** DELETE with a JSON body or a query, fetching the XSRF cookie first like `post`. */
  async del(url: string, body?: Body, options: RequestOptions = {}) {
    if (!this.jar.has('XSRF-TOKEN')) await this.get('/');
    return this.send('DELETE', url, body, options);
  }

  /** POST multipart/form-data (text fields and files), as a browser's FormData. */
  async postForm(url: string, form: MultipartForm, options: RequestOptions = {}) {
    const { body, contentType } = multipart(form);
    return this.post(url, body, { ...options, headers: { 'content-type': contentType, ...options.headers } });
  }

  async send(method: InjectOptions['method'], url: string, body: Body, options: RequestOptions = {}) {
    const path = url.startsWith('/') ? url : `/api/${url}`;
    const cookies = Object.fromEntries(
      [...this.jar].filter(([, c]) => path.startsWith(c.path)).map(([name, c]) => [name, c.value]),
    );
    const xsrf = options.xsrf === undefined ? this.cookie('XSRF-TOKEN') : options.xsrf;
    const headers: Record<string, string> = { ...(xsrf ? { 'x-xsrf-token': xsrf } : {}), ...options.headers };
    if (typeof body === 'string' && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await this.app.inject({
      method,
      url: path,
      cookies,
      headers,
      payload: body,
      remoteAddress: this.ip,
    });
    for (const c of res.cookies) {
      const gone =
        c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (gone) this.jar.delete(c.name);
      else this.jar.set(c.name, { value: c.value, path: c.path ?? '/' });
    }
    return res;
  }
}

export interface FormFile {
  data: Buffer;
  filename?: string;
  contentType?: string;
}
export type MultipartForm = Record<string, string | FormFile | undefined>;

/** A multipart/form-data body: strings become fields, FormFiles file parts. */
export function multipart(form: MultipartForm): { body: Buffer; contentType: string } {
  const boundary = `----quad${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(form)) {
    if (value === undefined) continue;
    const head =
      typeof value === 'string'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename ?? 'image.jpg'}"\r\n` +
          `Content-Type: ${value.contentType ?? 'image/jpeg'}\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      typeof value === 'string' ? Buffer.from(value) : value.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface Account {
  client: TestClient;
  username: string;
  email: string;
  password: string;
  userID: string;
}

/** A mailer over the capture that tests can make fail. */
export interface SwitchableMailer extends Mailer {
  failing: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  smtp: SmtpCapture;
  mailer: SwitchableMailer;
  /** The app's own keys, to write sealed values straight into the database. */
  crypto: Crypto;
  /** Every log line the app wrote. */
  logs: string[];
  /** The app's DATA_DIR (uploads live under uploads/). */
  dataDir: string;
  client(ip?: string): TestClient;
  /** Rows of a raw SQL query, on PGlite or PostgreSQL alike. */
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  signUp(client?: TestClient, overrides?: Partial<Omit<Account, 'client' | 'userID'>>): Promise<Account>;
  signUpAndVerify(
    client?: TestClient,
    overrides?: Partial<Omit<Account, 'client' | 'userID'>>,
  ): Promise<Account>;
  signIn(
    client: TestClient,
    login: { email?: string; username?: string; password: string },
  ): Promise<LightMyRequestResponse>;
  /** posts/postWithImg as the account; fails the test unless 201. Title, topic and body default. */
  createPost(account: Account, form?: MultipartForm): Promise<Post>;
  /** poll/createpoll as the account; fails the test unless 200. */
  createPoll(account: Account, body?: Partial<CreatePollBody>): Promise<Poll>;
  /** rooms/create as the account (public unless privacy 'true'); fails the test unless 201. */
  createRoom(account: Account, form?: MultipartForm): Promise<Room>;
  close(): Promise<void>;
}

export async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `quad_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'liveTiming'> = {},
): Promise<TestApp> {
  const smtp = await startSmtpCapture();
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'quad-test-'));
  const clock = createClock();
  const logs: string[] = [];
  const smtpMailer = createSmtpMailer(smtp.url, 'Quad <no-reply@quad.local>');
  const mailer: SwitchableMailer = {
    failing: false,
    async sendOtp(mail) {
      if (mailer.failing)
        throw Object.assign(new Error(`550 mailbox ${mail.to} unavailable`), { code: 'EENVELOPE' });
      await smtpMailer.sendOtp(mail);
    },
    close: () => smtpMailer.close(),
  };
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? 'memory://',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    COLLEGE_DOMAIN,
    STATIC_DIR: join(dataDir, 'no-spa'),
    LOG_LEVEL: 'info',
    ...RATE_LIMITS_OFF,
    ...env,
  });
  const imagePath = inject('pgliteImage');
  const app = await buildApp(config, {
    now: clock.now,
    mailer,
    passwordCost: TEST_PASSWORD_COST,
    logStream: { write: (line) => void logs.push(line) },
    ...deps,
    ...(imagePath ? { pgliteImage: new Blob([readFileSync(imagePath)]) } : {}),
  });

  const t: TestApp = {
    app,
    clock,
    smtp,
    mailer,
    crypto: createCrypto(config.secret, TEST_PASSWORD_COST),
    logs,
    dataDir,
    client: (ip) => new TestClient(app, ip),
    async query<T>(text: string) {
      const handle = app.database;
      const result =
        handle.kind === 'pglite' ? await handle.client.query(text) : await handle.pool.query(text);
      return result.rows as T[];
    },
    async signUp(client = t.client(), overrides = {}) {
      const account = {
        username: overrides.username ?? randomUsername(),
        email: overrides.email ?? randomEmail(),
        password: overrides.password ?? PASSWORD,
      };
      const res = await client.post('auth/signup', account);
      expect(res.statusCode, res.body).toBe(202);
      return { client, ...account, userID: res.json().userID as string };
    },
    async signUpAndVerify(client = t.client(), overrides = {}) {
      const mark = smtp.mails.length;
      const account = await t.signUp(client, overrides);
      const otp = await smtp.latestOtp(account.email, { after: mark });
      const res = await client.post('auth/varifyotp', { userID: account.userID, email: account.email, otp });
      expect(res.statusCode, res.body).toBe(202);
      return account;
    },
    signIn: (client, login) => client.post('auth/signin', login),
    async createPost(account, form = {}) {
      const res = await account.client.postForm('posts/postWithImg', {
        title: `Title ${randomBytes(3).toString('hex')}`,
        topic: 'dsa',
        body: 'Some words about it.',
        ...form,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().post as Post;
    },
    async createPoll(account, body = {}) {
      const res = await account.client.post('poll/createpoll', {
        title: `Question ${randomBytes(3).toString('hex')}?`,
        options: ['Yes', 'No'],
        topic: 'iet',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().poll as Poll;
    },
    async createRoom(account, form = {}) {
      const res = await account.client.postForm('rooms/create', {
        title: `Room${randomBytes(4).toString('hex')}`,
        desc: 'A room',
        privacy: 'false',
        ...form,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().newRoom as Room;
    },
    async close() {
      await app.close();
      await smtp.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/**
 * The usual one-app-per-file: creates it in beforeAll, closes it in afterAll. The handle forwards to
 * that app, so read it inside hooks and tests (later beforeAll hooks of the file see it ready).
 */
export function setupTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'liveTiming'> = {},
): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env, deps);
  });
  afterAll(() => current?.close());
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error('setupTestApp: read the app inside a hook or a test');
      return Reflect.get(current, key);
    },
    set(_, key, value) {
      if (!current) throw new Error('setupTestApp: read the app inside a hook or a test');
      return Reflect.set(current, key, value);
    },
  });
}

export function expectError(res: LightMyRequestResponse, status: number, msg: string): void {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { msg } });
}
