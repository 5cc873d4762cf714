/**
 * The hot reads reach PostgreSQL as named statements (server/db/prepared.ts), so PostgreSQL parses
 * and plans each once per connection. Needs PostgreSQL: collected only when DATABASE_URL is set
 * (scripts/with-postgres).
 */
import pg from 'pg';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { type Account, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let member: Account;

beforeAll(async () => {
  member = await t.signUpAndVerify();
});

afterEach(() => {
  vi.restoreAllMocks();
});

it('sends the hot reads to PostgreSQL as named statements', async () => {
  const sent = vi.spyOn(pg.Client.prototype, 'query');
  for (const url of ['/api/posts/getPost?offset=0&limit=15', '/api/u/notification']) {
    expect((await member.client.get(url)).statusCode, url).toBe(200);
  }
  const names = sent.mock.calls.map(([config]) => (config as { name?: string }).name);
  expect(names).toEqual(expect.arrayContaining(['posts_feed_home_member_15_0', 'notifications_latest']));
});
