import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { userInfoSchema } from '../../src/domain/entities.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { SETTINGS, STATS } from '../../src/domain/peopleMessages.ts';
import { lcStatsSchema } from '../../src/domain/profileSchemas.ts';
import { type FakeMode, QUESTION_TOTALS, type StatsFakes, startStatsFakes } from '../support/statsFakes.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const env: Record<string, string> = { STATS_TIMEOUT_MS: '300' };
let fakes: StatsFakes;
beforeAll(async () => {
  fakes = await startStatsFakes();
  env.LEETCODE_URL = fakes.leetcode.url;
  env.CODEFORCES_URL = `${fakes.codeforces.url}/`;
  fakes.leetcode.users.set('neal_wu', {
    username: 'Neal_Wu',
    ranking: 1024,
    points: 1250,
    solved: { Easy: 300, Medium: 400, Hard: 100 },
    submissions: { accepted: 900, total: 1600 },
  });
  fakes.leetcode.users.set('quiet', {
    username: 'quiet',
    ranking: 5_000_000,
    points: 0,
    solved: { Easy: 0, Medium: 0, Hard: 0 },
    submissions: { accepted: 0, total: 0 },
  });
  fakes.codeforces.users.set('tourist', { handle: 'tourist', maxRank: 'legendary grandmaster' });
  fakes.codeforces.users.set('newcomer', { handle: 'Newcomer', maxRank: null });
});
afterAll(() => fakes.close());
afterEach(() => {
  fakes.leetcode.mode = 'normal';
  fakes.codeforces.mode = 'normal';
});

const t = setupTestApp(env);
let me: Account;
beforeAll(async () => {
  me = await t.signUpAndVerify();
});

const faults: [FakeMode, number][] = [
  ['failing', 502],
  ['slow', 504],
  ['html', 502],
  ['wrongShape', 502],
  ['huge', 502],
  ['limited', 503],
];

describe('u/addLeetCode', () => {
  it('links a handle LeetCode knows, as LeetCode spells it, sealed at rest', async () => {
    const account = await t.signUpAndVerify();
    const res = await account.client.post('u/addLeetCode', { lcusername: ' NEAL_WU ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ msg: SETTINGS.updated, leetcode: 'Neal_Wu' });
    expect(userInfoSchema.parse(body.user)).toMatchObject({ leetcode: 'Neal_Wu', email: account.email });
    const [row] = await t.query<{ leetcode_sealed: string; leetcode_hash: string }>(
      `SELECT leetcode_sealed, leetcode_hash FROM users WHERE id = '${account.userID}'`,
    );
    expect(row?.leetcode_sealed).not.toContain('Neal');
    expect(t.crypto.openField(row?.leetcode_sealed ?? '')).toBe('Neal_Wu');
    expect(row?.leetcode_hash).toMatch(/^[0-9a-f]{64}$/);
    const lastCall = fakes.leetcode.requests.at(-1);
    expect(lastCall?.url).toBe('/graphql');
    expect(JSON.parse(lastCall?.body ?? '{}').variables).toEqual({ username: 'NEAL_WU' });
  });

  it('answers 404 Invalid username for a handle LeetCode does not know', async () => {
    expectError(
      await me.client.post('u/addLeetCode', { lcusername: 'nobody_here' }),
      404,
      STATS.invalidUsername,
    );
  });

  it.each([
    ['empty', ''],
    ['spaces inside', 'two words'],
    ['a slash', 'a/b'],
    ['41 characters', 'a'.repeat(41)],
    ['a number', 12],
  ])('refuses a handle with %s (400)', async (_name, lcusername) => {
    expectError(
      await me.client.post('u/addLeetCode', { lcusername }),
      400,
      `lcusername: ${STATS.handleInvalid}`,
    );
  });

  it.each(faults)('answers %s LeetCode with %i Server Issue and links nothing', async (mode, status) => {
    const account = await t.signUpAndVerify();
    fakes.leetcode.mode = mode;
    expectError(
      await account.client.post('u/addLeetCode', { lcusername: 'quiet' }),
      status,
      STATS.serverIssue,
    );
    const [row] = await t.query<{ leetcode_sealed: string | null }>(
      `SELECT leetcode_sealed FROM users WHERE id = '${account.userID}'`,
    );
    expect(row?.leetcode_sealed).toBeNull();
  });

  it('needs a session and the XSRF header', async () => {
    expectError(await t.client().post('u/addLeetCode', { lcusername: 'quiet' }), 401, AUTH.notSignedIn);
    expectError(
      await me.client.post('u/addLeetCode', { lcusername: 'quiet' }, { xsrf: null }),
      403,
      AUTH.csrf,
    );
  });
});

describe('search/getLCdata/', () => {
  let shown: Account;
  beforeAll(async () => {
    shown = await t.signUpAndVerify();
    expect((await shown.client.post('u/addLeetCode', { lcusername: 'neal_wu' })).statusCode).toBe(200);
    expect((await shown.client.post('u/setLcVisibility', { showLC: true })).statusCode).toBe(200);
  });

  it('returns the stats fields of a shown handle, to visitors too', async () => {
    const res = await t.client().post('search/getLCdata/', { username: 'Neal_Wu' });
    expect(res.statusCode, res.body).toBe(200);
    expect(lcStatsSchema.strict().parse(res.json())).toEqual({
      acceptanceRate: 56.25,
      contributionPoints: 1250,
      easySolved: 300,
      mediumSolved: 400,
      hardSolved: 100,
      ranking: 1024,
      totalEasy: QUESTION_TOTALS.Easy,
      totalMedium: QUESTION_TOTALS.Medium,
      totalHard: QUESTION_TOTALS.Hard,
      totalQuestions: QUESTION_TOTALS.All,
      totalSolved: 800,
    });
    expect((await t.client().post('search/getLCdata', { username: 'neal_wu' })).statusCode).toBe(200);
  });

  it('caches per handle for ten minutes, then asks LeetCode again', async () => {
    const calls = () => fakes.leetcode.requests.length;
    await t.client().post('search/getLCdata/', { username: 'neal_wu' });
    const before = calls();
    for (const username of ['neal_wu', 'NEAL_WU']) {
      expect((await t.client().post('search/getLCdata/', { username })).statusCode).toBe(200);
    }
    expect(calls()).toBe(before);
    t.clock.advance(10 * 60_000 + 1);
    expect((await t.client().post('search/getLCdata/', { username: 'neal_wu' })).statusCode).toBe(200);
    expect(calls()).toBe(before + 1);
  });

  it('answers 0 % acceptance for a user without submissions', async () => {
    const quiet = await t.signUpAndVerify();
    await quiet.client.post('u/addLeetCode', { lcusername: 'quiet' });
    const res = await quiet.client.post('search/getLCdata/', { username: 'quiet' });
    expect(res.json()).toMatchObject({ acceptanceRate: 0, totalSolved: 0 });
  });

  it('serves a hidden handle to its owner only, and no handle nobody linked (404 User not found!)', async () => {
    const hidden = await t.signUpAndVerify();
    await hidden.client.post('u/addLeetCode', { lcusername: 'quiet' });
    await hidden.client.post('u/setLcVisibility', { showLC: false });
    expect((await hidden.client.post('search/getLCdata/', { username: 'quiet' })).statusCode).toBe(200);
    // every account that linked 'quiet' keeps it hidden
    expectError(await me.client.post('search/getLCdata/', { username: 'quiet' }), 404, STATS.userNotFound);
    expectError(await t.client().post('search/getLCdata/', { username: 'quiet' }), 404, STATS.userNotFound);
    expectError(
      await t.client().post('search/getLCdata/', { username: 'torvalds' }),
      404,
      STATS.userNotFound,
    );
  });

  it('answers 404 when LeetCode no longer knows a linked handle', async () => {
    const gone = await t.signUpAndVerify();
    fakes.leetcode.users.set('vanishing', {
      ...fakes.leetcode.users.get('quiet'),
      username: 'vanishing',
    } as never);
    await gone.client.post('u/addLeetCode', { lcusername: 'vanishing' });
    fakes.leetcode.users.delete('vanishing');
    t.clock.advance(10 * 60_000 + 1);
    expectError(
      await gone.client.post('search/getLCdata/', { username: 'vanishing' }),
      404,
      STATS.userNotFound,
    );
  });

  it.each(faults)('answers %s LeetCode with %i Server Issue, quickly', async (mode, status) => {
    t.clock.advance(10 * 60_000 + 1);
    fakes.leetcode.mode = mode;
    const started = Date.now();
    expectError(
      await t.client().post('search/getLCdata/', { username: 'neal_wu' }),
      status,
      STATS.serverIssue,
    );
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('refuses a malformed handle (400)', async () => {
    expectError(
      await t.client().post('search/getLCdata/', { username: '' }),
      400,
      `username: ${STATS.handleInvalid}`,
    );
  });
});

describe('u/addCodeforces', () => {
  it('stores the maxRank of a handle Codeforces knows: 201', async () => {
    const account = await t.signUpAndVerify();
    const res = await account.client.post('u/addCodeforces', { cfusername: 'Tourist' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      msg: SETTINGS.updated,
      codeforces: 'legendary grandmaster',
      user: { codeforces: 'legendary grandmaster' },
    });
    expect(fakes.codeforces.requests.at(-1)?.url).toBe(
      '/api/user.info?handles=Tourist&checkHistoricHandles=false',
    );
    const [row] = await t.query<Record<string, unknown>>(
      `SELECT * FROM users WHERE id = '${account.userID}'`,
    );
    expect(JSON.stringify(row)).not.toContain('Tourist');
  });

  it('stores unrated for a user without rated contests', async () => {
    const res = await me.client.post('u/addCodeforces', { cfusername: 'newcomer' });
    expect(res.json()).toMatchObject({ codeforces: 'unrated' });
  });

  it('answers FAILED with 404 Invalid username', async () => {
    expectError(
      await me.client.post('u/addCodeforces', { cfusername: 'no_such_coder' }),
      404,
      STATS.invalidUsername,
    );
  });

  it.each([
    ['2 characters', 'ab'],
    ['a semicolon (a second handle)', 'tourist;petr'],
  ])('refuses a handle with %s (400)', async (_name, cfusername) => {
    expectError(
      await me.client.post('u/addCodeforces', { cfusername }),
      400,
      `cfusername: ${STATS.handleInvalid}`,
    );
  });

  it.each(faults)('answers %s Codeforces with %i Server Issue', async (mode, status) => {
    fakes.codeforces.mode = mode;
    expectError(
      await me.client.post('u/addCodeforces', { cfusername: 'tourist' }),
      status,
      STATS.serverIssue,
    );
  });

  it('never takes a rank from the client', async () => {
    expectError(
      await me.client.post('u/update', { rank: 'legendary grandmaster' }),
      400,
      `rank: ${SETTINGS.rankFromCodeforces}`,
    );
  });

  it('needs a session', async () => {
    expectError(await t.client().post('u/addCodeforces', { cfusername: 'tourist' }), 401, AUTH.notSignedIn);
  });
});

describe('configuration', () => {
  it('defaults to the real services with a 5 s timeout, and takes http(s) base URLs only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quad-stats-config-'));
    try {
      const base = { DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) };
      expect(loadConfig(base).stats).toEqual({
        leetcodeUrl: 'https://leetcode.com',
        codeforcesUrl: 'https://codeforces.com',
        timeoutMs: 5000,
      });
      expect(loadConfig({ ...base, LEETCODE_URL: 'http://127.0.0.1:9/' }).stats.leetcodeUrl).toBe(
        'http://127.0.0.1:9',
      );
      expect(() => loadConfig({ ...base, CODEFORCES_URL: 'file:///etc/passwd' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, STATS_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
