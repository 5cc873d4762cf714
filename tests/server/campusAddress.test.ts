/**
 * A campus shares one address (issue 30): with the limits as shipped, a lecture hall of 50 students
 * signs up from one address within a minute and every one of them gets in.
 */
import { describe, expect, it } from 'vitest';
import { randomEmail, randomUsername, setupTestApp } from '../support/testApp.ts';

// The shipped budgets: none of the test apps' "limits off".
const SHIPPED = {
  RATE_LIMIT_READS: undefined,
  RATE_LIMIT_WRITES: undefined,
  RATE_LIMIT_AUTH: undefined,
  RATE_LIMIT_ADDRESS_READS: undefined,
  RATE_LIMIT_ADDRESS_WRITES: undefined,
  RATE_LIMIT_ADDRESS_AUTH: undefined,
} as unknown as Record<string, string>;
const t = setupTestApp(SHIPPED);
const CAMPUS = '203.0.113.10';

describe('one campus address', () => {
  it('lets 50 students sign up and verify together', async () => {
    const students = Array.from({ length: 50 }, () => ({ email: randomEmail(), username: randomUsername() }));
    const accounts = [];
    for (const student of students) accounts.push(await t.signUpAndVerify(t.client(CAMPUS), student));
    expect(accounts).toHaveLength(50);
    const reads = await Promise.all(accounts.map((a) => a.client.get('posts/getPost?page=0')));
    expect(reads.every((res) => res.statusCode === 200)).toBe(true);
  });
});
