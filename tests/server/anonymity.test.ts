import { beforeAll, describe, expect, it } from 'vitest';
import { OTP_RULES } from '../../src/domain/constants.ts';
import { type Account, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
const accounts: Account[] = [];

beforeAll(async () => {
  for (let i = 0; i < 3; i += 1) accounts.push(await t.signUpAndVerify());
  const pending = await t.signUp();
  accounts.push(pending);
  await t.signIn(t.client(), { username: pending.username, password: pending.password });
  for (const account of accounts.slice(0, 3)) {
    await t.signIn(t.client(), { username: account.username, password: account.password });
    await t.signIn(t.client(), { email: account.email, password: 'Wrong1!pass' });
    await account.client.get(`u/${encodeURIComponent(account.email)}`);
    await t.client().get(`u/${encodeURIComponent(account.email)}`);
    await account.client.get(`nothing/${encodeURIComponent(account.email)}?e=${account.email}`);
  }
  const [resetting] = accounts;
  if (resetting) {
    t.clock.advance(OTP_RULES.resendGapMs);
    const mark = t.smtp.mails.length;
    await resetting.client.post('auth/resetpass', { email: resetting.email });
    const otp = await t.smtp.latestOtp(resetting.email, { after: mark });
    await resetting.client.post('auth/varifyotp', { email: resetting.email, otp });
    await resetting.client.post('auth/updatepass', { userID: resetting.userID, password: 'An0ther!pass' });
  }
  t.mailer.failing = true;
  await t.client().post('auth/resetpass', { email: accounts[1]?.email });
  t.mailer.failing = false;
});

function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return accounts.flatMap(({ email }) =>
    [email, email.split('@')[0] ?? email].filter((s) => lower.includes(s)),
  );
}

describe('anonymity at rest', () => {
  it('no table of the database holds any address, in any column', async () => {
    const tables = await t.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['users', 'sessions', 'otps']));
    let dump = '';
    for (const { schema, name } of tables) {
      const rows = await t.query(`SELECT * FROM "${schema}"."${name}"`);
      dump += `${schema}.${name}\n${JSON.stringify(rows)}\n`;
    }
    expect(dump).toContain(accounts[0]?.username);
    expect(leaks(dump)).toEqual([]);
  });

  it('no log line holds any address', () => {
    const log = t.logs.join('');
    expect(log).toContain('"msg":"request"');
    expect(log).toContain('could not send the OTP mail');
    expect(log).toContain('"url":"/api/u/:email"');
    expect(log).toContain('"url":"/api/nothing/:redacted"');
    expect(leaks(log)).toEqual([]);
  });

  it('logs one line per request with its id, and no cookie', () => {
    const lines = t.logs.filter((line) => line.includes('"msg":"request"')).map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line.reqId).toEqual(expect.any(String));
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(lines.length);
    expect(t.logs.join('')).not.toMatch(/quad_session|XSRF-TOKEN/);
  });
});
