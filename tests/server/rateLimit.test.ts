/**
 * The request-rate limit: per account when signed in, per client address for visitors, per group of
 * routes, counted in the database (so every process shares it), answered 429 with Retry-After and
 * the RateLimit headers and a msg the client shows.
 */
import { describe, expect, it } from 'vitest';
import { tooManyRequests } from '../../src/domain/messages.ts';
import { setupTestApp } from '../support/testApp.ts';

const BUDGETS = { read: 8, write: 4, auth: 3 };
const t = setupTestApp({
  RATE_LIMIT_READS: String(BUDGETS.read),
  RATE_LIMIT_WRITES: String(BUDGETS.write),
  RATE_LIMIT_AUTH: String(BUDGETS.auth),
  RATE_LIMIT_ADDRESS_READS: String(BUDGETS.read),
  RATE_LIMIT_ADDRESS_WRITES: String(BUDGETS.write),
  RATE_LIMIT_ADDRESS_AUTH: String(BUDGETS.auth),
  RATE_LIMIT_TRUSTED: '198.51.100.0/24, 2001:db8::/32',
});

const statuses = (responses: { statusCode: number }[]) => responses.map((res) => res.statusCode).sort();
const times = <T>(n: number, run: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => run(i)));

describe('request-rate limit', () => {
  it('lets exactly the write budget of parallel writes through for one account, then answers 429', async () => {
    const author = await t.signUpAndVerify();
    const responses = await times(BUDGETS.write + 3, (i) =>
      author.client.postForm('posts/postWithImg', { title: `Burst ${i}`, topic: 'dsa', body: 'text' }),
    );
    expect(statuses(responses)).toEqual([...Array(BUDGETS.write).fill(201), ...Array(3).fill(429)]);
    const refused = responses.find((res) => res.statusCode === 429);
    expect(refused?.json()).toEqual({
      msg: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds?/),
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.headers['ratelimit-limit']).toBe(String(BUDGETS.write));
    expect(refused?.headers['ratelimit-remaining']).toBe('0');
    const rows = await t.query<{ n: string }>("select count(*) as n from posts where title like 'Burst %'");
    expect(Number(rows[0]?.n)).toBe(BUDGETS.write);
  });

  it('counts per account, not per address: another account on the same address still writes', async () => {
    const first = await t.signUpAndVerify();
    await times(BUDGETS.write, () => first.client.post('u/markallasread'));
    expect((await first.client.post('u/markallasread')).statusCode).toBe(429);
    const second = await t.signUpAndVerify();
    const secondOnFirstsAddress = t.client(first.client.ip);
    for (const [name, cookie] of second.client.jar) secondOnFirstsAddress.jar.set(name, cookie);
    expect((await secondOnFirstsAddress.post('u/markallasread')).statusCode).toBe(202);
  });

  it('keeps reads and writes apart, and opens again in the next window', async () => {
    const reader = await t.signUpAndVerify();
    await times(BUDGETS.write, () => reader.client.post('u/markallasread'));
    expect((await reader.client.post('u/markallasread')).statusCode).toBe(429);
    expect((await reader.client.get('posts/getPost?page=1')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await reader.client.post('u/markallasread')).statusCode).toBe(202);
  });

  it('limits visitors by address, and the sign-in routes by their own smaller budget', async () => {
    const visitor = t.client();
    const reads = await times(BUDGETS.read + 2, () => visitor.get('posts/getPost?page=1'));
    expect(statuses(reads)).toEqual([...Array(BUDGETS.read).fill(200), 429, 429]);
    expect((await t.client().get('posts/getPost?page=1')).statusCode).toBe(200);

    const guesser = t.client();
    const signins = await times(BUDGETS.auth + 1, (i) =>
      t.signIn(guesser, { username: `nobody${i}x`, password: 'Wrong1!pass' }),
    );
    expect(statuses(signins)).toEqual([...Array(BUDGETS.auth).fill(404), 429]);
  });

  it('counts reads in the process and writes and sign-ins in the database, shared by every process', async () => {
    const reader = await t.signUpAndVerify();
    await times(3, () => reader.client.get('posts/getPost?page=1'));
    await reader.client.post('u/markallasread');
    const groups = await t.query<{ group: string }>(
      "select distinct split_part(key, ':', 1) as group from rate_limit_hits order by 1",
    );
    expect(groups.map((row) => row.group)).toEqual(['auth', 'write']);
  });

  it('gives visitors of a trusted network no address budget', async () => {
    for (const address of ['198.51.100.7', '2001:db8::5']) {
      const visitor = t.client(address);
      const reads = await times(BUDGETS.read + 2, () => visitor.get('posts/getPost?page=1'));
      expect(statuses(reads)).toEqual(Array(BUDGETS.read + 2).fill(200));
    }
  });

  it('never limits the health checks, and keeps neither addresses nor account ids in its table', async () => {
    const visitor = t.client('203.0.113.77');
    const checks = await times(BUDGETS.read + 5, () => visitor.get('/api/health/ready'));
    expect(new Set(statuses(checks))).toEqual(new Set([200]));
    const account = await t.signUpAndVerify();
    await account.client.post('u/markallasread');
    const keys = (await t.query<{ key: string }>('select key from rate_limit_hits')).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes('203.0.113.77') || key.includes(account.userID))).toBe(false);
  });

  it('words the wait in seconds', () => {
    expect(tooManyRequests(1)).toBe('Too many requests. Please wait 1 second and try again.');
    expect(tooManyRequests(41_200)).toBe('Too many requests. Please wait 42 seconds and try again.');
  });
});
