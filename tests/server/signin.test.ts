import { describe, expect, it } from 'vitest';
import { SIGNIN_RULES } from '../../src/domain/constants.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { expectError, PASSWORD, randomEmail, randomUsername, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

describe('auth/signin', () => {
  it('signs in by e-mail: 202, the address, a session cookie', async () => {
    const account = await t.signUpAndVerify();
    const client = t.client();
    const res = await t.signIn(client, { email: account.email, password: account.password });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ msg: AUTH.loggedIn, email: account.email });
    const cookie = res.cookies.find((c) => c.name === 'quad_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('signs in by username, in any letter case, and hands the owner their address', async () => {
    const account = await t.signUpAndVerify();
    const res = await t.signIn(t.client(), {
      username: account.username.toUpperCase(),
      password: account.password,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().email).toBe(account.email);
  });

  it('answers 401 for a wrong password and 404 for an unknown account', async () => {
    const account = await t.signUpAndVerify();
    expectError(
      await t.signIn(t.client(), { email: account.email, password: 'Wrong1!pass' }),
      401,
      AUTH.invalidCredentials,
    );
    expectError(
      await t.signIn(t.client(), { email: randomEmail(), password: PASSWORD }),
      404,
      AUTH.unknownUser,
    );
    expectError(
      await t.signIn(t.client(), { username: randomUsername(), password: PASSWORD }),
      404,
      AUTH.unknownUser,
    );
  });

  it('answers 403 to an unverified account with the right password and mails a verify code', async () => {
    const account = await t.signUp();
    const mark = t.smtp.mails.length;
    t.clock.advance(60_000);
    const res = await t.signIn(t.client(), { username: account.username, password: account.password });
    expectError(res, 403, AUTH.accountNotVerified);
    const mail = await t.smtp.waitForMail(account.email, { after: mark });
    expect(mail.subject).toMatch(/verify/i);
    const otp = await t.smtp.latestOtp(account.email, { after: mark });
    const verified = await t.client().post('auth/varifyotp', { email: account.email, otp });
    expect(verified.json()).toMatchObject({ purpose: 'verify', userID: account.userID });
    expect(verified.cookies.some((c) => c.name === 'quad_session')).toBe(false);
    expect(
      (await t.signIn(t.client(), { email: account.email, password: account.password })).statusCode,
    ).toBe(202);
  });

  it('answers 403 without a new mail when codes are throttled', async () => {
    const account = await t.signUp();
    const mark = t.smtp.mails.length;
    expectError(
      await t.signIn(t.client(), { email: account.email, password: account.password }),
      403,
      AUTH.accountNotVerified,
    );
    expect(t.smtp.mails.slice(mark).some((m) => m.to.includes(account.email))).toBe(false);
  });

  it('answers 425 after 5 failures for one account, even with the right password, until the window passes', async () => {
    const account = await t.signUpAndVerify();
    for (let i = 0; i < SIGNIN_RULES.maxFailuresPerAccount; i += 1) {
      expectError(
        await t.signIn(t.client(), { email: account.email, password: 'Wrong1!pass' }),
        401,
        AUTH.invalidCredentials,
      );
    }
    const blocked = await t.signIn(t.client(), { username: account.username, password: account.password });
    expectError(blocked, 425, AUTH.signinThrottled);
    t.clock.advance(SIGNIN_RULES.windowMs + 1);
    expect(
      (await t.signIn(t.client(), { email: account.email, password: account.password })).statusCode,
    ).toBe(202);
  });

  it('answers 425 after 20 failures from one client address', async () => {
    const attacker = t.client();
    for (let i = 0; i < SIGNIN_RULES.maxFailuresPerAddress; i += 1) {
      expectError(
        await t.signIn(attacker, { email: randomEmail(), password: PASSWORD }),
        404,
        AUTH.unknownUser,
      );
    }
    const account = await t.signUpAndVerify();
    expectError(
      await t.signIn(attacker, { email: account.email, password: account.password }),
      425,
      AUTH.signinThrottled,
    );
    expect(
      (await t.signIn(t.client(), { email: account.email, password: account.password })).statusCode,
    ).toBe(202);
    t.clock.advance(SIGNIN_RULES.windowMs + 1);
    expect((await t.signIn(attacker, { email: account.email, password: account.password })).statusCode).toBe(
      202,
    );
  });

  it('counts only failures: successful sign-ins never lock the account', async () => {
    const account = await t.signUpAndVerify();
    for (let i = 0; i < SIGNIN_RULES.maxFailuresPerAccount + 2; i += 1) {
      expect(
        (await t.signIn(t.client(), { email: account.email, password: account.password })).statusCode,
      ).toBe(202);
    }
  });
});
