import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../src/domain/messages.ts';
import {
  collegeEmailSchema,
  isCollegeEmail,
  isStrongPassword,
  issueMessage,
  otpSchema,
  signinBodySchema,
  signupBodySchema,
  usernameSchema,
} from '../../src/domain/validation.ts';

const domain = 'ietlucknow.ac.in';

function messageOf(result: { success: boolean; error?: Parameters<typeof issueMessage>[0] }) {
  return result.success || !result.error ? null : result.error.issues[0]?.message;
}

describe('usernames', () => {
  it.each([
    ['ab', VALIDATION.usernameShort],
    ['  ab  ', VALIDATION.usernameShort],
    ['abc', null],
    ['Velmaro42', null],
    ['has space', VALIDATION.usernameChars],
    ['dash-ed', VALIDATION.usernameChars],
    ['x'.repeat(25), VALIDATION.usernameLong],
  ])('%j gives %j', (input, message) => {
    expect(messageOf(usernameSchema.safeParse(input))).toBe(message);
  });
});

describe('college e-mail', () => {
  it.each([
    ['student@ietlucknow.ac.in', null],
    ['  Student@IETLucknow.ac.in ', null],
    ['student@gmail.com', VALIDATION.collegeEmail],
    ['student@ietlucknow.ac.in.evil.com', VALIDATION.collegeEmail],
    ['not-an-email', VALIDATION.invalidEmail],
  ])('%j gives %j', (input, message) => {
    expect(messageOf(collegeEmailSchema(domain).safeParse(input))).toBe(message);
  });

  it('normalises the address to trimmed lower case', () => {
    expect(collegeEmailSchema(domain).parse('  Student@IETLucknow.ac.in ')).toBe('student@ietlucknow.ac.in');
  });

  it('tells a college address from a username for sign-in', () => {
    expect(isCollegeEmail('someone@ietlucknow.ac.in', domain)).toBe(true);
    expect(isCollegeEmail('Velmaro42', domain)).toBe(false);
    expect(isCollegeEmail('someone@other.edu', domain)).toBe(false);
  });
});

describe('passwords', () => {
  it.each([
    ['Secret#12', true],
    ['secret#12', true],
    ['Secret12', false],
    ['Secret#ab', false],
    ['S#1a', false],
    ['12345678#', false],
  ])('%j strong: %s', (input, strong) => {
    expect(isStrongPassword(input)).toBe(strong);
  });

  it('reports the spec message for a weak sign-up password', () => {
    const result = signupBodySchema(domain).safeParse({
      username: 'abc',
      email: `a@${domain}`,
      password: 'weak',
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(issueMessage(result.error)).toBe(`password: ${VALIDATION.password}`);
  });
});

describe('OTP', () => {
  it.each([
    ['123456', true],
    [' 123456 ', true],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
  ])('%j valid: %s', (input, valid) => {
    expect(otpSchema.safeParse(input).success).toBe(valid);
  });
});

describe('sign-in body', () => {
  it('accepts an e-mail or a username with a password', () => {
    expect(signinBodySchema.safeParse({ email: `a@${domain}`, password: 'x' }).success).toBe(true);
    expect(signinBodySchema.safeParse({ username: 'Velmaro42', password: 'x' }).success).toBe(true);
  });

  it('names the missing password of a sign-in by username, and asks for an identity when none is given', () => {
    const noPassword = signinBodySchema.safeParse({ username: 'Velmaro42' });
    if (noPassword.success) throw new Error('a sign-in without a password parsed');
    expect(issueMessage(noPassword.error)).toMatch(/^password: /);
    const noIdentity = signinBodySchema.safeParse({ password: 'x' });
    if (noIdentity.success) throw new Error('a sign-in without an identity parsed');
    expect(issueMessage(noIdentity.error)).toBe(VALIDATION.signinIdentity);
  });

  it('refuses a body without a password or without an identity', () => {
    expect(signinBodySchema.safeParse({ username: 'Velmaro42' }).success).toBe(false);
    expect(signinBodySchema.safeParse({ password: 'x' }).success).toBe(false);
  });
});
