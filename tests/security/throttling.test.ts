/**
 * Brute force: guessing a password from many addresses, or a one-time code, is cut off with 425
 * long before it can succeed, and the real user is never locked out for good: a password reset gets
 * them back in while the attack goes on, and the throttles open again once their window passes.
 */
import { describe, expect, it } from 'vitest';
import { OTP_RULES, SIGNIN_RULES } from '../../src/domain/constants.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
const NEW_PASSWORD = 'Back1n!again';

/** Guesses from a fresh client address each time: the per-address limit never applies. */
async function guessFromEverywhere(account: Account, guesses: number) {
  const statuses: number[] = [];
  for (let i = 0; i < guesses; i += 1) {
    const res = await t.signIn(t.client(), { username: account.username, password: `Guess${i}!pass` });
    statuses.push(res.statusCode);
  }
  return statuses;
}

async function resetPassword(account: Account) {
  const client = t.client();
  const mark = t.smtp.mails.length;
  expect((await client.post('auth/resetpass', { email: account.email })).statusCode).toBe(202);
  const otp = await t.smtp.latestOtp(account.email, { after: mark });
  expect((await client.post('auth/varifyotp', { email: account.email, otp })).statusCode).toBe(202);
  const res = await client.post('auth/updatepass', { userID: account.userID, password: NEW_PASSWORD });
  expect(res.statusCode, res.body).toBe(201);
  return client;
}

describe('password guessing', () => {
  it('answers 425 after five wrong guesses for an account, whichever addresses they come from', async () => {
    const victim = await t.signUpAndVerify();
    const statuses = await guessFromEverywhere(victim, 40);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGNIN_RULES.maxFailuresPerAccount);
    expect(statuses.slice(SIGNIN_RULES.maxFailuresPerAccount).every((s) => s === 425)).toBe(true);
    // Even the right password is refused while the window lasts: the attacker learns nothing.
    expectError(
      await t.signIn(t.client(), { username: victim.username, password: victim.password }),
      425,
      AUTH.signinThrottled,
    );
  });

  it('lets the real user back in by a password reset while the attack goes on', async () => {
    const victim = await t.signUpAndVerify();
    await guessFromEverywhere(victim, 10);
    const client = await resetPassword(victim);
    expect((await client.post('auth/refreshsignin')).statusCode).toBe(200);
    // The reset cleared the failures: signing in elsewhere works at once.
    const res = await t.signIn(t.client(), { username: victim.username, password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(202);
  });

  it('opens again once the window has passed', async () => {
    const victim = await t.signUpAndVerify();
    await guessFromEverywhere(victim, 10);
    t.clock.advance(SIGNIN_RULES.windowMs + 1);
    const res = await t.signIn(t.client(), { username: victim.username, password: victim.password });
    expect(res.statusCode, res.body).toBe(202);
  });
});

describe('one-time code guessing', () => {
  it('burns the code after five wrong tries and answers 425 past the hourly cap', async () => {
    const victim = await t.signUpAndVerify();
    t.clock.advance(OTP_RULES.resendGapMs);
    const mark = t.smtp.mails.length;
    expect((await t.client().post('auth/resetpass', { email: victim.email })).statusCode).toBe(202);
    const realCode = await t.smtp.latestOtp(victim.email, { after: mark });
    const attacker = t.client();
    const guess = async (n: number) => {
      const otp = String(100000 + n);
      return otp === realCode
        ? 401
        : (await attacker.post('auth/varifyotp', { email: victim.email, otp })).statusCode;
    };
    for (let n = 0; n < OTP_RULES.maxWrongTries; n += 1) expect(await guess(n)).toBe(401);
    // The real code no longer works: the wrong tries burned it.
    expectError(
      await t.client().post('auth/varifyotp', { email: victim.email, otp: realCode }),
      403,
      AUTH.otpExpired,
    );
    const statuses: number[] = [];
    for (let n = OTP_RULES.maxWrongTries; n < 30; n += 1) statuses.push(await guess(n));
    expect(statuses.at(-1)).toBe(425);
  });

  it('lets the real user verify a new code an hour later', async () => {
    const victim = await t.signUpAndVerify();
    t.clock.advance(OTP_RULES.resendGapMs);
    await t.client().post('auth/resetpass', { email: victim.email });
    for (let guess = 0; guess < OTP_RULES.maxVerifyTriesPerHour + 2; guess += 1) {
      await t.client().post('auth/varifyotp', { email: victim.email, otp: String(200000 + guess) });
    }
    t.clock.advance(60 * 60_000 + 1);
    await resetPassword(victim);
  });
});

/** Counts the answers by status. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('parallel guessing', () => {
  it('checks exactly five of 50 wrong passwords sent at once for one account', async () => {
    const victim = await t.signUpAndVerify();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.signIn(t.client(), { username: victim.username, password: `Guess${i}!pass` }),
      ),
    );
    expect(tally(responses.map((res) => res.statusCode))).toEqual({
      401: SIGNIN_RULES.maxFailuresPerAccount,
      425: 50 - SIGNIN_RULES.maxFailuresPerAccount,
    });
  });

  it('counts exactly twenty failures of 40 sent at once from one address', async () => {
    const attacker = t.client();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.signIn(attacker, { username: `nobody${i}x`, password: `Guess${i}!pass` }),
      ),
    );
    expect(tally(responses.map((res) => res.statusCode))).toEqual({
      404: SIGNIN_RULES.maxFailuresPerAddress,
      425: 40 - SIGNIN_RULES.maxFailuresPerAddress,
    });
  });

  it('checks exactly five of 30 wrong codes sent at once, then the hourly cap holds', async () => {
    const victim = await t.signUpAndVerify();
    t.clock.advance(OTP_RULES.resendGapMs);
    const mark = t.smtp.mails.length;
    expect((await t.client().post('auth/resetpass', { email: victim.email })).statusCode).toBe(202);
    const realCode = await t.smtp.latestOtp(victim.email, { after: mark });
    const wrong = Array.from({ length: 30 }, (_, i) => String(100000 + i)).filter(
      (code) => code !== realCode,
    );
    const responses = await Promise.all(
      wrong.slice(0, 29).map((otp) => t.client().post('auth/varifyotp', { email: victim.email, otp })),
    );
    const burnedAfter = OTP_RULES.maxWrongTries;
    // the sign-up's own verification is one of the hour's tries
    const cap = OTP_RULES.maxVerifyTriesPerHour - 1;
    expect(tally(responses.map((res) => res.statusCode))).toEqual({
      401: burnedAfter,
      403: cap - burnedAfter,
      425: responses.length - cap,
    });
  });
});
