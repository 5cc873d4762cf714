import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SESSION_CACHE_MAX,
  SESSION_CACHE_TTL_MS,
  SessionCache,
} from '../../server/modules/auth/sessionCache.ts';
import { SESSION_RULES } from '../../src/domain/constants.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { createTestApp, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

const DAY = 24 * 60 * 60_000;

describe('sessions', () => {
  it('refreshsignin restores the session and returns the address', async () => {
    const account = await t.signUpAndVerify();
    const res = await account.client.post('auth/refreshsignin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: account.email });
  });

  it('refreshsignin answers 401 without a session or with an unknown token', async () => {
    expectError(await t.client().post('auth/refreshsignin'), 401, AUTH.notSignedIn);
    const forged = t.client();
    forged.jar.set('quad_session', { value: 'not-a-real-token', path: '/' });
    expectError(await forged.post('auth/refreshsignin'), 401, AUTH.notSignedIn);
  });

  it('stores only the SHA-256 of the token', async () => {
    const account = await t.signUpAndVerify();
    const token = account.client.cookie('quad_session') ?? '';
    const rows = await t.query<{ id: string }>('SELECT id FROM sessions');
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });

  it('expires 30 days after the last use', async () => {
    const account = await t.signUpAndVerify();
    t.clock.advance(SESSION_RULES.ttlMs + 1);
    expectError(await account.client.post('auth/refreshsignin'), 401, AUTH.notSignedIn);
  });

  it('slides the expiry while used, writing at most once per touch interval', async () => {
    const account = await t.signUpAndVerify();
    const token = account.client.cookie('quad_session') ?? '';
    const expiry = `SELECT expires_at FROM sessions WHERE id = '${createHash('sha256').update(token).digest('hex')}'`;
    const before = await t.query(expiry);
    t.clock.advance(SESSION_RULES.touchEveryMs / 2);
    const quiet = await account.client.post('auth/refreshsignin');
    expect(quiet.cookies.some((c) => c.name === 'quad_session')).toBe(false);
    expect(await t.query(expiry)).toEqual(before);

    for (let day = 0; day < 40; day += 10) {
      t.clock.advance(10 * DAY);
      const res = await account.client.post('auth/refreshsignin');
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'quad_session')?.value).toBe(token);
    }
  });

  it('logout deletes the session and clears the cookie; it answers 200 even signed out', async () => {
    const account = await t.signUpAndVerify();
    const token = account.client.cookie('quad_session') ?? '';
    const res = await account.client.post('auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: AUTH.loggedOut });
    expect(account.client.cookie('quad_session')).toBeUndefined();
    const replay = t.client();
    replay.jar.set('quad_session', { value: token, path: '/' });
    expectError(await replay.post('auth/refreshsignin'), 401, AUTH.notSignedIn);
    expect((await t.client().post('auth/logout')).statusCode).toBe(200);
  });

  it('sets Secure cookies when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://quad.example' });
    try {
      const res = await secure.client().get('/');
      expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
      const account = await secure.signUpAndVerify();
      const signin = await secure.signIn(secure.client(), {
        email: account.email,
        password: account.password,
      });
      expect(signin.cookies.find((c) => c.name === 'quad_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('the session cache', () => {
  it('stops honouring a session deleted by another process (the quad_sessions notice)', async () => {
    const account = await t.signUpAndVerify();
    expect((await account.client.post('auth/refreshsignin')).statusCode).toBe(200);
    // As another process would: straight in the database, without this process's services. On
    // PostgreSQL the notice reaches the listening connection a moment after the commit.
    await t.query(`DELETE FROM sessions WHERE user_id = '${account.userID}'`);
    await expect
      .poll(async () => (await account.client.post('auth/refreshsignin')).statusCode, { timeout: 2_000 })
      .toBe(401);
  });

  it('still ends a cached session at its expiry', async () => {
    const account = await t.signUpAndVerify();
    expect((await account.client.post('auth/refreshsignin')).statusCode).toBe(200);
    t.clock.advance(SESSION_RULES.ttlMs + 1);
    expectError(await account.client.post('auth/refreshsignin'), 401, AUTH.notSignedIn);
  });
});

describe('SessionCache', () => {
  const session = (userId: string) => ({
    userId,
    emailSealed: 'sealed',
    lastSeenAt: new Date(0),
    expiresAt: new Date(DAY),
  });

  it('trusts an entry for SESSION_CACHE_TTL_MS, then asks again', () => {
    let now = 0;
    const cache = new SessionCache(() => now);
    cache.set('a', session('u1'));
    now = SESSION_CACHE_TTL_MS - 1;
    expect(cache.get('a')?.userId).toBe('u1');
    now = SESSION_CACHE_TTL_MS;
    expect(cache.get('a')).toBeNull();
  });

  it("forgets one session, or a user's sessions but the one kept", () => {
    const cache = new SessionCache(() => 0);
    for (const [id, user] of [
      ['a', 'u1'],
      ['b', 'u1'],
      ['c', 'u1'],
      ['d', 'u2'],
    ] as const) {
      cache.set(id, session(user));
    }
    cache.forget('a');
    cache.forgetUser('u1', 'c');
    expect(['a', 'b', 'c', 'd'].map((id) => cache.get(id)?.userId ?? null)).toEqual([null, null, 'u1', 'u2']);
    cache.clear();
    expect(cache.get('c')).toBeNull();
  });

  it('drops the oldest entry past SESSION_CACHE_MAX', () => {
    const cache = new SessionCache(() => 0);
    for (let n = 0; n <= SESSION_CACHE_MAX; n += 1) cache.set(`s${n}`, session('u'));
    expect(cache.get('s0')).toBeNull();
    expect(cache.get('s1')?.userId).toBe('u');
    expect(cache.get(`s${SESSION_CACHE_MAX}`)?.userId).toBe('u');
  });
});
