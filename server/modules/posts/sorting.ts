/**
 * The chosen orders in SQL (src/domain/sorting.ts), each matching an index of migration 0019, so a
 * page or a thread is an index walk and never a sort of the table: a thread by post and Best, Top or
 * age; a topic's, room's or author's posts by score (ties newest first, as every feed).
 */
import { asc, desc, gt, type SQL } from 'drizzle-orm';
import { type CommentSort, type ListSort, TOP_WINDOW_MS } from '../../../src/domain/sorting.ts';
import { comments, posts, scoreOf } from '../../db/schema.ts';

/** A thread's order; ties oldest first, as the spec's order. */
export function commentOrder(sort: CommentSort): SQL[] {
  const oldestFirst = [asc(comments.createdAt), asc(comments.id)];
  if (sort === 'best') return [desc(comments.best), ...oldestFirst];
  if (sort === 'top') return [desc(scoreOf(comments)), ...oldestFirst];
  if (sort === 'new') return [desc(comments.createdAt), desc(comments.id)];
  return oldestFirst;
}

/** What a post list adds for a chosen order: a filter (Top's window) and what comes before newest first. */
export interface PostListOrder {
  where: SQL | undefined;
  order: SQL[];
}

/**
 * What a post list adds for its order: for Top, the window's filter and the score first (the list
 * breaks ties newest first); null for New or the spec's order, which are newest first already.
 */
export function postListOrder(sort: ListSort | null, now: Date): PostListOrder | null {
  if (sort?.sort !== 'top') return null;
  const reach = TOP_WINDOW_MS[sort.t];
  return {
    where: reach === null ? undefined : gt(posts.createdAt, new Date(now.getTime() - reach)),
    order: [desc(scoreOf(posts))],
  };
}
