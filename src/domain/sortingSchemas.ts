/** The sort parameters of the API's queries and bodies (sorting.ts has the orders themselves). */
import './zodSetup.ts';
import { z } from 'zod';
import { COMMENT_SORTS, LIST_SORTS, TOP_WINDOWS } from './sorting.ts';

export const commentSortSchema = z.enum(COMMENT_SORTS, '* sort must be best, top, new or old');

/** The optional `sort` and `t` of a list's query; `t` counts with `sort=top` only (all time without it). */
export const listSortQueryShape = {
  sort: z.enum(LIST_SORTS, '* sort must be new or top').optional(),
  t: z.enum(TOP_WINDOWS, '* t must be day, week or all').optional(),
};
