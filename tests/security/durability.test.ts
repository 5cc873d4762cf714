/**
 * Durability: the server is killed with SIGKILL in the middle of a burst of writes. On restart on the
 * same data the database opens cleanly and every write the server acknowledged is there. Runs on
 * PGlite (the server process is the database) and, when DATABASE_URL is set, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';
import { COLLEGE_DOMAIN, createDatabase, PASSWORD } from '../support/testApp.ts';

const BURST = 400;
const IN_FLIGHT = 12;
/** Acknowledged writes after which the plug is pulled. */
const CRASH_AFTER = 120;

/** A signed-in browser-like HTTP client for a server process: cookies and the XSRF echo. */
class HttpClient {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown) {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.call('GET', 'health');
    const res = await fetch(`${this.base}/api/${path}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      this.cookies.set(name, value);
    }
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }
}

describe(`a crash during a write burst (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let smtp: SmtpCapture;
  let database: Awaited<ReturnType<typeof createDatabase>> | null = null;
  let server: RunningServer | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'quad-durability-'));
  const env: Record<string, string> = {};

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const adminUrl = process.env.DATABASE_URL;
    database = adminUrl ? await createDatabase(adminUrl) : null;
    Object.assign(env, {
      SMTP_URL: smtp.url,
      DATABASE_URL: database?.url ?? '',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      COLLEGE_DOMAIN,
    });
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and opens cleanly after kill -9', async () => {
    server = await startServer(env, { dataDir });
    const client = new HttpClient(server.url);
    const email = `d${randomBytes(5).toString('hex')}@${COLLEGE_DOMAIN}`;
    const signup = await client.call('POST', 'auth/signup', {
      username: `D${randomBytes(5).toString('hex')}`,
      email,
      password: PASSWORD,
    });
    expect(signup.status).toBe(202);
    const otp = await smtp.latestOtp(email);
    expect(
      (await client.call('POST', 'auth/varifyotp', { userID: signup.json.userID, email, otp })).status,
    ).toBe(202);
    const poll = await client.call('POST', 'poll/createpoll', {
      title: 'Durable?',
      options: ['Yes', 'No'],
      topic: 'iet',
    });
    expect(poll.status).toBe(200);
    const pollId = (poll.json.poll as { id: string }).id;

    // The burst: polls created IN_FLIGHT at a time; the server dies after CRASH_AFTER acknowledgements.
    const acknowledged: string[] = [];
    let next = 0;
    let crashed: Promise<void> | null = null;
    const running = server;
    const worker = async () => {
      while (next < BURST && !crashed) {
        const n = next++;
        try {
          const res = await client.call('POST', 'poll/createpoll', {
            title: `Burst ${n}`,
            options: ['A', 'B'],
            topic: 'dsa',
          });
          if (res.status === 200) acknowledged.push((res.json.poll as { id: string }).id);
        } catch {
          // the connection died with the server: not acknowledged
        }
        if (acknowledged.length >= CRASH_AFTER && !crashed) crashed = running.crash();
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await crashed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(CRASH_AFTER);
    expect(acknowledged.length, 'the crash cut the burst short').toBeLessThan(BURST);

    server = await startServer(env, { dataDir });
    const ready = await new HttpClient(server.url).call('GET', 'health/ready');
    expect(ready.status).toBe(200);
    const reader = new HttpClient(server.url);
    const missing: string[] = [];
    for (const id of [pollId, ...acknowledged]) {
      const res = await reader.call('GET', `poll/getpoll?id=${id}`);
      if (res.status !== 200) missing.push(id);
    }
    expect(missing).toEqual([]);
  });
});
