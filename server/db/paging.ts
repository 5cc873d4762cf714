/**
 * Offset pages, ids first: the page's ids come from the index walk alone, and the caller joins and
 * computes for those rows only, not for every row OFFSET skips (page 20 then costs about what page 1
 * does; README "Performance").
 */
import { type SQL, sql } from 'drizzle-orm';
import type { polls, posts } from './schema.ts';

export interface Page {
  offset: number;
  limit: number;
}

/**
 * A row count written into the statement's text instead of sent as a parameter. With LIMIT and OFFSET
 * as parameters PostgreSQL cannot tell a page of 15 rows from a tenth of the table when it plans a
 * statement once for all values (a generic plan), so it plans every execution anew, which costs more
 * than running it (README "Performance"). Counts are validated integers; anything else is refused.
 * Drizzle types `.limit()` and `.offset()` as number | Placeholder but renders SQL given in their place.
 */
export function inlined(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`not a row count: ${count}`);
  return sql.raw(String(count)) as unknown as number;
}

/** A subquery of the ids of one page of the posts or polls matching `where`, in `ordering`. */
export function pageIds(
  table: typeof posts | typeof polls,
  where: SQL | undefined,
  ordering: SQL[],
  page: Page,
): SQL {
  const filter = where ? sql` where ${where}` : sql``;
  return sql`(select ${table.id} from ${table}${filter} order by ${sql.join(ordering, sql`, `)} limit ${inlined(page.limit)} offset ${inlined(page.offset)})`;
}
