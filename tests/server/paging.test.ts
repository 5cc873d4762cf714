import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { inlined, pageIds } from '../../server/db/paging.ts';
import { posts } from '../../server/db/schema.ts';

const text = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query);

describe('page bounds', () => {
  it('writes a page into the statement text, not its parameters', () => {
    const query = text(
      pageIds(posts, sql`${posts.topic} = ${'dsa'}`, [sql`${posts.createdAt} desc`], {
        offset: 30,
        limit: 15,
      }),
    );
    expect(query.sql).toMatch(/limit 15 offset 30\)$/);
    expect(query.params).toEqual(['dsa']);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 60])('refuses %s as a row count', (count) => {
    expect(() => inlined(count)).toThrow('not a row count');
  });
});
