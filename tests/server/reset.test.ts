import { describe, expect, it } from 'vitest';
import { OTP_RULES, SESSION_RULES } from '../../src/domain/constants.ts';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import { type Account, expectError, randomEmail, setupTestApp, type TestClient } from '../support/testApp.ts';

const t = setupTestApp();

const NEW_PASSWORD = 'N3w!password';

/** resetpass then varifyotp: the client ends up holding the quad_reset grant. */
async function grantReset(account: Account, client: TestClient = t.client()) {
  t.clock.advance(OTP_RULES.resendGapMs);
  const mark = t.smtp.mails.length;
  const sent = await client.post('auth/resetpass', { email: account.email });
  expect(sent.statusCode).toBe(202);
  expect(sent.json()).toEqual({ msg: AUTH.otpSent, userID: account.userID, email: account.email });
  const mail = await t.smtp.waitForMail(account.email, { after: mark });
  expect(mail.subject).toMatch(/reset/i);
  const otp = await t.smtp.latestOtp(account.email, { after: mark });
  const verified = await client.post('auth/varifyotp', { userID: account.userID, email: account.email, otp });
  expect(verified.json()).toMatchObject({ purpose: 'reset', userID: account.userID });
  const grant = verified.cookies.find((c) => c.name === 'quad_reset');
  expect(grant).toMatchObject({
    httpOnly: true,
    path: '/api/auth',
    maxAge: SESSION_RULES.resetGrantTtlMs / 1000,
  });
  return client;
}

describe('password reset', () => {
  it('sends a reset code right after sign-up: a used code does not hold back the next one', async () => {
    const account = await t.signUpAndVerify();
    const res = await t.client().post('auth/resetpass', { email: account.email });
    expect(res.statusCode).toBe(202);
  });

  it('updates the password with the grant: 201, new session, old sessions revoked, grant consumed', async () => {
    const account = await t.signUpAndVerify();
    const client = await grantReset(account);
    const res = await client.post('auth/updatepass', { userID: account.userID, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ msg: AUTH.passwordUpdated, email: account.email });
    expect(client.cookie('quad_reset')).toBeUndefined();
    expect((await client.post('auth/refreshsignin')).json()).toEqual({ email: account.email });

    expectError(await account.client.post('auth/refreshsignin'), 401, AUTH.notSignedIn);
    expectError(
      await t.signIn(t.client(), { email: account.email, password: account.password }),
      401,
      AUTH.invalidCredentials,
    );
    const byName = await t.signIn(t.client(), { username: account.username, password: NEW_PASSWORD });
    expect(byName.json()).toEqual({ msg: AUTH.loggedIn, email: account.email });

    const again = await client.post('auth/updatepass', { userID: account.userID, password: NEW_PASSWORD });
    expectError(again, 403, AUTH.resetExpired);
  });

  it('refuses updatepass without a grant, with another user’s grant, or after 10 minutes', async () => {
    const account = await t.signUpAndVerify();
    const other = await t.signUpAndVerify();
    expectError(
      await t.client().post('auth/updatepass', { userID: account.userID, password: NEW_PASSWORD }),
      403,
      AUTH.resetExpired,
    );
    const client = await grantReset(other);
    expectError(
      await client.post('auth/updatepass', { userID: account.userID, password: NEW_PASSWORD }),
      403,
      AUTH.resetExpired,
    );
    t.clock.advance(SESSION_RULES.resetGrantTtlMs + 1);
    expectError(
      await client.post('auth/updatepass', { userID: other.userID, password: NEW_PASSWORD }),
      403,
      AUTH.resetExpired,
    );
  });

  it('checks the new password with the reset wording', async () => {
    const account = await t.signUpAndVerify();
    const client = await grantReset(account);
    const res = await client.post('auth/updatepass', { userID: account.userID, password: 'short' });
    expectError(res, 400, `password: ${VALIDATION.resetPassword}`);
  });

  it('answers 404 for an unknown address, 425 when asked again within 60 s, 500 when the mail fails', async () => {
    expectError(
      await t.client().post('auth/resetpass', { email: randomEmail() }),
      404,
      AUTH.resetUnknownUser,
    );
    const account = await t.signUpAndVerify();
    t.clock.advance(OTP_RULES.resendGapMs);
    expect((await t.client().post('auth/resetpass', { email: account.email })).statusCode).toBe(202);
    expectError(await t.client().post('auth/resetpass', { email: account.email }), 425, AUTH.otpThrottled);
    t.clock.advance(OTP_RULES.resendGapMs);
    t.mailer.failing = true;
    const failed = await t.client().post('auth/resetpass', { email: account.email });
    t.mailer.failing = false;
    expectError(failed, 500, AUTH.resetSendError);
  });

  it('resends a reset code as a reset code', async () => {
    const account = await t.signUpAndVerify();
    t.clock.advance(OTP_RULES.resendGapMs);
    await t.client().post('auth/resetpass', { email: account.email });
    t.clock.advance(OTP_RULES.resendGapMs);
    const mark = t.smtp.mails.length;
    expect((await t.client().post('auth/resendotp', { email: account.email })).statusCode).toBe(202);
    const otp = await t.smtp.latestOtp(account.email, { after: mark });
    const res = await t.client().post('auth/varifyotp', { email: account.email, otp });
    expect(res.json().purpose).toBe('reset');
  });
});
