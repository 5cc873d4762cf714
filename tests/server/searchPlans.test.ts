/**
 * Search reads the pg_trgm GIN indexes instead of scanning the tables: with campus-sized tables and
 * fresh statistics, the plans of the people and room searches (the SQL of search/service.ts) use
 * users_username_trgm_idx and rooms_title_trgm_idx.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
beforeAll(async () => {
  const creator = await t.signUpAndVerify();
  await t.query(`
    INSERT INTO users (username, email_hash, email_sealed, password_hash, verified_at)
    SELECT 'user_' || md5(n::text), 'hash' || n, 'sealed', 'password', now()
    FROM generate_series(1, 5000) AS n`);
  await t.query(`
    INSERT INTO rooms (title, creator_id)
    SELECT 'room_' || md5(n::text), '${creator.userID}' FROM generate_series(1, 5000) AS n`);
  await t.query('ANALYZE users');
  await t.query('ANALYZE rooms');
});

async function plan(sql: string): Promise<string> {
  const rows = await t.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

const search = (table: string, column: string, key: string, also = 'true') => `
  SELECT ${column} FROM ${table}
  WHERE ${column} ILIKE '%${key}%' AND ${also}
  ORDER BY strpos(lower(${column}), lower('${key}')), length(${column}), lower(${column})
  LIMIT 10`;

describe('search query plans', () => {
  it('finds people through users_username_trgm_idx', async () => {
    const text = await plan(search('users', 'username', 'C4CA4', 'verified_at IS NOT NULL'));
    expect(text).toContain('Bitmap Index Scan on users_username_trgm_idx');
    expect(text).not.toContain('Seq Scan on users');
  });

  it('finds rooms through rooms_title_trgm_idx', async () => {
    const text = await plan(search('rooms', 'title', 'c81e7'));
    expect(text).toContain('Bitmap Index Scan on rooms_title_trgm_idx');
    expect(text).not.toContain('Seq Scan on rooms');
  });

  it('finds a name in any letter case', async () => {
    const { users } = (await t.client().get('search/getusers?key=C4CA4238A0B9')).json();
    expect(users).toEqual([{ username: 'user_c4ca4238a0b923820dcc509a6f75849b', dp: null }]);
  });
});
