import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../server/infra/errors.ts';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import { expectError, PASSWORD, randomEmail, randomUsername, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

const signup = (fields: Record<string, unknown>) => ({
  username: randomUsername(),
  email: randomEmail(),
  password: PASSWORD,
  ...fields,
});

const CASES: [string, string, unknown, string][] = [
  [
    'wrong domain',
    'auth/signup',
    signup({ email: 'someone@gmail.com' }),
    `email: ${VALIDATION.collegeEmail}`,
  ],
  ['not an address', 'auth/signup', signup({ email: 'nobody' }), `email: ${VALIDATION.invalidEmail}`],
  ['short username', 'auth/signup', signup({ username: 'ab' }), `username: ${VALIDATION.usernameShort}`],
  [
    'username with spaces',
    'auth/signup',
    signup({ username: 'a b c d' }),
    `username: ${VALIDATION.usernameChars}`,
  ],
  ['weak password', 'auth/signup', signup({ password: 'password' }), `password: ${VALIDATION.password}`],
  [
    'missing field',
    'auth/signup',
    { username: randomUsername(), email: randomEmail() },
    'password: Invalid input: expected string, received undefined',
  ],
  [
    'wrong type',
    'auth/signup',
    signup({ username: 12345 }),
    'username: Invalid input: expected string, received number',
  ],
  ['OTP of letters', 'auth/varifyotp', { email: randomEmail(), otp: 'abcdef' }, `otp: ${VALIDATION.otp}`],
  [
    'userID not a UUID',
    'auth/varifyotp',
    { userID: 'me', email: randomEmail(), otp: '123456' },
    'userID: * userID must be a UUID',
  ],
  [
    'empty sign-in password',
    'auth/signin',
    { email: randomEmail(), password: '' },
    `password: ${VALIDATION.required}`,
  ],
  ['sign-in without a login', 'auth/signin', { password: PASSWORD }, VALIDATION.signinIdentity],
  [
    'sign-in by username without a password',
    'auth/signin',
    { username: randomUsername() },
    'password: Invalid input: expected string, received undefined',
  ],
  ['reset of a non-address', 'auth/resetpass', { email: 'x' }, `email: ${VALIDATION.invalidEmail}`],
  ['body that is not an object', 'auth/resetpass', [], 'Invalid input: expected object, received array'],
];

describe('bad input never reaches the rules', () => {
  it.each(CASES)('%s → 400 naming the field', async (_name, route, body, msg) => {
    expectError(await t.client().post(route, body as Record<string, unknown>), 400, msg);
  });

  it('answers 400 to malformed JSON', async () => {
    expectError(await t.client().post('auth/signin', '{"email": '), 400, SERVER_MESSAGES.malformedJson);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const huge = JSON.stringify({ email: randomEmail(), padding: 'x'.repeat(2 * 1024 * 1024) });
    expectError(await t.client().post('auth/resetpass', huge), 413, SERVER_MESSAGES.bodyTooLarge);
  });

  it('answers 400 to a bad address in the path', async () => {
    const account = await t.signUpAndVerify();
    expectError(await account.client.get('u/not-an-address'), 400, `email: ${VALIDATION.invalidEmail}`);
  });

  it('answers 404 with { msg } to an unknown API route', async () => {
    expectError(await t.client().get('nothing/here'), 404, AUTH.notFound);
    expectError(await t.client().post('auth/nothing', {}), 404, AUTH.notFound);
  });

  it('answers 415 to a body that is not JSON', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await t.client().post('auth/signin', 'email=a', { headers: form });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ msg: SERVER_MESSAGES.unsupportedMediaType });
  });
});
