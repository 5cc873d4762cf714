import { describe, expect, it } from 'vitest';
import { AUTH } from '../../src/domain/messages.ts';
import { expectError, PASSWORD, randomEmail, randomUsername, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

const STATE_CHANGING = [
  ['auth/signup', () => ({ username: randomUsername(), email: randomEmail(), password: PASSWORD })],
  ['auth/varifyotp', () => ({ email: randomEmail(), otp: '123456' })],
  ['auth/resendotp', () => ({ email: randomEmail() })],
  ['auth/signin', () => ({ email: randomEmail(), password: PASSWORD })],
  ['auth/resetpass', () => ({ email: randomEmail() })],
  ['auth/updatepass', () => ({ userID: '00000000-0000-4000-8000-000000000000', password: PASSWORD })],
  ['auth/logout', () => undefined],
  ['auth/refreshsignin', () => undefined],
] as const;

describe('CSRF double submit', () => {
  it('sets a readable XSRF-TOKEN cookie on the first response', async () => {
    const res = await t.client().get('auth/generateusername');
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('does not set it again once the browser has it', async () => {
    const client = t.client();
    await client.get('/');
    const res = await client.get('auth/generateusername');
    expect(res.cookies.some((c) => c.name === 'XSRF-TOKEN')).toBe(false);
  });

  it.each(STATE_CHANGING)('refuses POST %s without the header or with a wrong one', async (route, body) => {
    const client = t.client();
    expectError(await client.post(route, body(), { xsrf: null }), 403, AUTH.csrf);
    expectError(await client.post(route, body(), { xsrf: 'wrong-token' }), 403, AUTH.csrf);
  });

  it('refuses a header without the cookie, and a state-changing method on an unknown route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-xsrf-token': 'abc' },
    });
    expectError(res, 403, AUTH.csrf);
    const client = t.client();
    expectError(await client.send('DELETE', 'auth/logout', undefined, { xsrf: null }), 403, AUTH.csrf);
  });

  it('lets the same request through with the echoed token', async () => {
    const res = await t.client().post('auth/logout');
    expect(res.statusCode).toBe(200);
  });
});
