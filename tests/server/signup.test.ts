import { describe, expect, it } from 'vitest';
import { OTP_RULES } from '../../src/domain/constants.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { expectError, PASSWORD, randomEmail, randomUsername, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

describe('auth/signup', () => {
  it('answers 202 with the userID and mails a 6-digit code with a text and an HTML part', async () => {
    const email = randomEmail();
    const res = await t
      .client()
      .post('auth/signup', { username: randomUsername(), email, password: PASSWORD });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ msg: AUTH.otpSent, userID: expect.any(String), email });
    const mail = await t.smtp.waitForMail(email);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain('10 minutes');
    expect(mail.subject).toMatch(/sign-up/i);
  });

  it('normalises the address it answers with', async () => {
    const email = randomEmail();
    const res = await t.client().post('auth/signup', {
      username: randomUsername(),
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(res.json().email).toBe(email);
  });

  it('refuses a username a verified user holds, in any letter case', async () => {
    const owner = await t.signUpAndVerify();
    const res = await t.client().post('auth/signup', {
      username: owner.username.toLowerCase(),
      email: randomEmail(),
      password: PASSWORD,
    });
    expectError(res, 400, AUTH.userExists);
  });

  it('refuses an address a verified user holds', async () => {
    const owner = await t.signUpAndVerify();
    const res = await t
      .client()
      .post('auth/signup', { username: randomUsername(), email: owner.email, password: PASSWORD });
    expectError(res, 400, AUTH.userExists);
  });

  it('replaces an unverified account of the same address, keeping its id', async () => {
    const first = await t.signUp();
    const again = await t.client().post('auth/signup', {
      username: randomUsername(),
      email: first.email,
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().userID).toBe(first.userID);
    const rows = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE lower(username) = lower('${first.username}')`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('lets a new sign-up take the username of an unverified account (Change email on the OTP step)', async () => {
    const holder = await t.signUp();
    const corrected = await t.client().post('auth/signup', {
      username: holder.username,
      email: randomEmail(),
      password: PASSWORD,
    });
    expect(corrected.statusCode).toBe(202);
    expect(corrected.json().userID).not.toBe(holder.userID);
    const rows = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE lower(username) = lower('${holder.username}')`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('answers 500 when the mail cannot be sent, and leaves no usable code behind', async () => {
    const email = randomEmail();
    t.mailer.failing = true;
    const res = await t
      .client()
      .post('auth/signup', { username: randomUsername(), email, password: PASSWORD });
    t.mailer.failing = false;
    expectError(res, 500, AUTH.signupServerError);
    const verify = await t.client().post('auth/varifyotp', { email, otp: '123456' });
    expectError(verify, 403, AUTH.otpExpired);
  });

  it('allows at most five codes an hour for one address', async () => {
    const email = randomEmail();
    const client = t.client();
    for (let i = 0; i < OTP_RULES.maxSendsPerHour; i += 1) {
      const res = await client.post('auth/signup', { username: randomUsername(), email, password: PASSWORD });
      expect(res.statusCode).toBe(202);
    }
    const res = await client.post('auth/signup', { username: randomUsername(), email, password: PASSWORD });
    expectError(res, 425, AUTH.otpThrottled);
  });
});
