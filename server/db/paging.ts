/**
 * Offset pages, ids first: the page's ids come from the index walk alone, and the caller joins and
 * computes for those rows only, not for every row OFFSET skips (page 20 then costs about what page 1
 * does; README "Performance").
 */
import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import type { polls, posts } from './schema.ts';

export interface Page {
  offset: number;
  limit: number;
}

/** A subquery of the ids of one page of the posts or polls matching `where`, in `ordering`. */
export function pageIds(
  table: typeof posts | typeof polls,
  where: SQL | undefined,
  ordering: SQL[],
  page: Page,
  tx: Executor,
) {
  return tx
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...ordering)
    .limit(page.limit)
    .offset(page.offset);
}
