/**
 * Limits hold across server processes when the requests come all at once: each is checked and
 * recorded in one atomic statement in PostgreSQL (DESIGN.md §6), so parallel requests cannot slip
 * past. Fifty wrong passwords for one account, fifty wrong one-time codes, and twenty writes against
 * a budget of ten, each sent at the same moment, half to one server process and half to the other.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RULES, SIGNIN_RULES } from '../../src/domain/constants.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';
import { COLLEGE_DOMAIN, createDatabase } from '../support/testApp.ts';
import { type Answer, WebSession } from '../support/webSession.ts';
import { postForm } from '../support/writeLoad.ts';
import { countStatuses, type Person, signUpPerson } from './people.ts';

const PARALLEL = 50;
const WRITE_BUDGET = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const limitHeaders = (res: Answer) =>
  Object.fromEntries(
    ['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((name) => [
      name,
      res.headers.get(name),
    ]),
  );

describe('limits across two server processes, under parallel requests', () => {
  let smtp: SmtpCapture;
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let a: RunningServer;
  let b: RunningServer;
  /** The i-th of many parallel requests goes to this server: half to each. */
  const serverFor = (i: number) => (i % 2 === 0 ? a : b).url;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    database = await createDatabase(process.env.DATABASE_URL ?? '');
    const env = {
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      COLLEGE_DOMAIN,
      RATE_LIMIT_READS: '0',
      RATE_LIMIT_WRITES: String(WRITE_BUDGET),
      RATE_LIMIT_AUTH: '0',
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stopWithin(10_000), b?.stopWithin(10_000)]);
    await smtp?.close();
    await database?.drop();
  });

  /** Sends `count` requests at once, alternating between the servers. */
  async function inParallel(count: number, send: (i: number, via: string) => Promise<Answer>) {
    return Promise.all(Array.from({ length: count }, (_, i) => send(i, serverFor(i))));
  }

  const newPerson = (): Promise<Person> => signUpPerson(a.url, smtp);
  /** A visitor's browser, holding its XSRF cookie before the burst. */
  async function visitor(): Promise<WebSession> {
    const session = new WebSession(a.url);
    await session.get('health');
    return session;
  }

  it('answers exactly five of fifty parallel wrong passwords for one account with 401, the rest 425', async () => {
    const victim = await newPerson();
    const attacker = await visitor();
    const answers = await inParallel(PARALLEL, (i, via) =>
      attacker.post('auth/signin', { email: victim.email, password: `Wrong${i}!pass` }, via),
    );
    expect(countStatuses(answers)).toEqual({
      401: SIGNIN_RULES.maxFailuresPerAccount,
      425: PARALLEL - SIGNIN_RULES.maxFailuresPerAccount,
    });
    const refusals = answers.filter((res) => res.status === 401).map((res) => res.json());
    expect(new Set(refusals.map((body) => body.msg))).toEqual(new Set([AUTH.invalidCredentials]));
  });

  it('answers exactly five of fifty parallel wrong codes with 401 before the code is burned', async () => {
    const victim = await newPerson();
    const mark = smtp.mails.length;
    const reset = await victim.session.post('auth/resetpass', { email: victim.email });
    expect(reset.status, reset.text).toBe(202);
    const realCode = await smtp.latestOtp(victim.email, { after: mark });
    const wrongCodes = Array.from({ length: PARALLEL + 1 }, (_, i) => String(100_000 + i)).filter(
      (code) => code !== realCode,
    );
    const attacker = await visitor();
    const answers = await inParallel(PARALLEL, (i, via) =>
      attacker.post('auth/varifyotp', { email: victim.email, otp: wrongCodes[i] }, via),
    );
    const counts = countStatuses(answers);
    expect(counts[401], JSON.stringify(counts)).toBe(OTP_RULES.maxWrongTries);
    // The rest find the code burned (403) or the hourly cap on guesses reached (425).
    expect((counts[403] ?? 0) + (counts[425] ?? 0), JSON.stringify(counts)).toBe(
      PARALLEL - OTP_RULES.maxWrongTries,
    );
    const refusals = answers.filter((res) => res.status === 401).map((res) => res.json());
    expect(new Set(refusals.map((body) => body.msg))).toEqual(new Set([AUTH.invalidOtp]));
    const late = await victim.session.post('auth/varifyotp', { email: victim.email, otp: realCode });
    expect([403, 425], `the real code after the guesses: ${late.status} ${late.text}`).toContain(late.status);
  });

  it('lets ten of twenty parallel writes from one account through, and answers 429 to the rest', async () => {
    // Budgets count in fixed one-minute windows: a burst across a window's end would get two budgets.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await sleep(60_000 - intoMinute + 500);
    const author = await newPerson();
    const answers = await inParallel(WRITE_BUDGET * 2, (i, via) =>
      author.session.post('posts/postWithImg', postForm(`Burst ${i}`), via),
    );
    expect(countStatuses(answers)).toEqual({ 201: WRITE_BUDGET, 429: WRITE_BUDGET });
    for (const res of answers.filter((answer) => answer.status === 429)) {
      expect(res.json().msg).toEqual(expect.any(String));
      expect(limitHeaders(res)).toEqual({
        'retry-after': expect.stringMatching(/^\d+$/),
        'ratelimit-limit': String(WRITE_BUDGET),
        'ratelimit-remaining': '0',
        'ratelimit-reset': expect.stringMatching(/^\d+$/),
      });
    }
  });
});
