import { describe, expect, it } from 'vitest';
import { OTP_RULES } from '../../src/domain/constants.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { expectError, randomEmail, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('auth/varifyotp', () => {
  it('verifies a sign-up and signs the user in', async () => {
    const mark = t.smtp.mails.length;
    const account = await t.signUp();
    const otp = await t.smtp.latestOtp(account.email, { after: mark });
    const res = await account.client.post('auth/varifyotp', {
      userID: account.userID,
      email: account.email,
      otp,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      msg: AUTH.emailVerified,
      email: account.email,
      userID: account.userID,
      purpose: 'signup',
    });
    expect(account.client.cookie('quad_session')).toBeTruthy();
    const restored = await account.client.post('auth/refreshsignin');
    expect(restored.json()).toEqual({ email: account.email });
  });

  it('answers 401 for a wrong code and 403 once the code was used', async () => {
    const mark = t.smtp.mails.length;
    const account = await t.signUp();
    const otp = await t.smtp.latestOtp(account.email, { after: mark });
    expectError(
      await t.client().post('auth/varifyotp', { email: account.email, otp: wrongCode(otp) }),
      401,
      AUTH.invalidOtp,
    );
    expect((await t.client().post('auth/varifyotp', { email: account.email, otp })).statusCode).toBe(202);
    expectError(await t.client().post('auth/varifyotp', { email: account.email, otp }), 403, AUTH.otpExpired);
  });

  it('answers 403 after the 10 minutes of a code', async () => {
    const mark = t.smtp.mails.length;
    const account = await t.signUp();
    const otp = await t.smtp.latestOtp(account.email, { after: mark });
    t.clock.advance(OTP_RULES.ttlMs + 1);
    expectError(await t.client().post('auth/varifyotp', { email: account.email, otp }), 403, AUTH.otpExpired);
  });

  it('burns a code after five wrong tries', async () => {
    const mark = t.smtp.mails.length;
    const account = await t.signUp();
    const otp = await t.smtp.latestOtp(account.email, { after: mark });
    for (let i = 0; i < OTP_RULES.maxWrongTries; i += 1) {
      expectError(
        await t.client().post('auth/varifyotp', { email: account.email, otp: wrongCode(otp) }),
        401,
        AUTH.invalidOtp,
      );
    }
    expectError(await t.client().post('auth/varifyotp', { email: account.email, otp }), 403, AUTH.otpExpired);
  });

  it('answers 425 past 15 tries in an hour, across codes', async () => {
    const account = await t.signUp();
    const body = { email: account.email, otp: '000000' };
    for (let i = 0; i < OTP_RULES.maxVerifyTriesPerHour; i += 1) {
      expect([401, 403]).toContain((await t.client().post('auth/varifyotp', body)).statusCode);
    }
    expectError(await t.client().post('auth/varifyotp', body), 425, AUTH.resetThrottled);
    t.clock.advance(60 * 60_000 + 1);
    expect((await t.client().post('auth/varifyotp', body)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown address or a userID that is not the address owner', async () => {
    expectError(
      await t.client().post('auth/varifyotp', { email: randomEmail(), otp: '123456' }),
      404,
      AUTH.unknownUser,
    );
    const a = await t.signUp();
    const b = await t.signUp();
    expectError(
      await t.client().post('auth/varifyotp', { userID: b.userID, email: a.email, otp: '123456' }),
      404,
      AUTH.unknownUser,
    );
  });
});

describe('auth/resendotp', () => {
  it('sends a new code of the same purpose and invalidates the old one', async () => {
    const mark = t.smtp.mails.length;
    const account = await t.signUp();
    const first = await t.smtp.latestOtp(account.email, { after: mark });
    t.clock.advance(OTP_RULES.resendGapMs);
    const again = t.smtp.mails.length;
    const res = await t
      .client()
      .post('auth/resendotp', { userID: account.userID, email: account.email, otp: '' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ msg: AUTH.otpSent, userID: account.userID, email: account.email });
    const second = await t.smtp.latestOtp(account.email, { after: again });
    if (first !== second) {
      expectError(
        await t.client().post('auth/varifyotp', { email: account.email, otp: first }),
        401,
        AUTH.invalidOtp,
      );
    }
    const verified = await t.client().post('auth/varifyotp', { email: account.email, otp: second });
    expect(verified.json().purpose).toBe('signup');
  });

  it('answers 425 within 60 s of the last code, and after five codes in an hour', async () => {
    const account = await t.signUp();
    const body = { email: account.email };
    expectError(await t.client().post('auth/resendotp', body), 425, AUTH.otpThrottled);
    for (let sent = 1; sent < OTP_RULES.maxSendsPerHour; sent += 1) {
      t.clock.advance(OTP_RULES.resendGapMs);
      expect((await t.client().post('auth/resendotp', body)).statusCode).toBe(202);
    }
    t.clock.advance(OTP_RULES.resendGapMs);
    expectError(await t.client().post('auth/resendotp', body), 425, AUTH.otpThrottled);
    t.clock.advance(60 * 60_000);
    expect((await t.client().post('auth/resendotp', body)).statusCode).toBe(202);
  });

  it('answers 404 for an unknown address and 500 when the mail fails', async () => {
    expectError(await t.client().post('auth/resendotp', { email: randomEmail() }), 404, AUTH.unknownUser);
    const account = await t.signUp();
    t.clock.advance(OTP_RULES.resendGapMs);
    t.mailer.failing = true;
    const res = await t.client().post('auth/resendotp', { email: account.email });
    t.mailer.failing = false;
    expectError(res, 500, AUTH.resetSendError);
  });
});
