/**
 * The orders a reader may choose (issue 33, "Sort"): comment threads by Best, Top, New or Old
 * (`posts/getapost ?sort`), and the topic, room and profile post lists by New or Top of a time
 * window (`sort=new|top`, `t=day|week|all`). Without a choice every call keeps the spec's order:
 * threads oldest first, lists newest first.
 */
export const COMMENT_SORTS = ['best', 'top', 'new', 'old'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];
/** The spec's thread order (spec §3 Comment; `posts/getapost` without `sort`). */
export const DEFAULT_COMMENT_SORT: CommentSort = 'old';

export const COMMENT_SORT_LABELS: Record<CommentSort, string> = {
  best: 'Best',
  top: 'Top',
  new: 'New',
  old: 'Old',
};

export const LIST_SORTS = ['new', 'top'] as const;
export type ListSortBy = (typeof LIST_SORTS)[number];
export const TOP_WINDOWS = ['day', 'week', 'all'] as const;
export type TopWindow = (typeof TOP_WINDOWS)[number];

/** A list's chosen order: newest first, or by score (up minus down) within a window. */
export type ListSort = { sort: 'new' } | { sort: 'top'; t: TopWindow };

/** How long each window of Top reaches back, in milliseconds (null: all time). */
export const TOP_WINDOW_MS: Record<TopWindow, number | null> = {
  day: 24 * 3600_000,
  week: 7 * 24 * 3600_000,
  all: null,
};

/** The labels of a list's sort control, one per choice, by its URL value (`top-week`). */
export const LIST_SORT_CHOICES = [
  { value: 'new', label: 'New', sort: { sort: 'new' } },
  { value: 'top-day', label: 'Top: today', sort: { sort: 'top', t: 'day' } },
  { value: 'top-week', label: 'Top: this week', sort: { sort: 'top', t: 'week' } },
  { value: 'top-all', label: 'Top: all time', sort: { sort: 'top', t: 'all' } },
] as const satisfies readonly { value: string; label: string; sort: ListSort }[];

/** A list's order from its query: null keeps the spec's order. */
export function listSortOf(query: {
  sort?: ListSortBy | undefined;
  t?: TopWindow | undefined;
}): ListSort | null {
  if (query.sort === 'top') return { sort: 'top', t: query.t ?? 'all' };
  return query.sort === 'new' ? { sort: 'new' } : null;
}

/** A list's order as URL query parameters (none for the spec's order). */
export function listSortParams(sort: ListSort | null): { sort?: ListSortBy; t?: TopWindow } {
  if (!sort) return {};
  return sort.sort === 'top' ? { sort: 'top', t: sort.t } : { sort: 'new' };
}

/** `value` when it is one of `choices` (this module stays free of zod: first loads carry it). */
const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | undefined =>
  choices.find((choice) => choice === value);

/** A list's order read from a page's address (`?sort=top&t=week`); anything else is the spec's order. */
export function listSortFromSearch(search: URLSearchParams): ListSort | null {
  const sort = oneOf(LIST_SORTS, search.get('sort'));
  const t = search.get('t');
  const window = oneOf(TOP_WINDOWS, t);
  // A window the API would refuse makes the whole address the spec's order, as the API's 400 would.
  if (t !== null && !window) return null;
  return listSortOf({ sort, t: window });
}

/** A thread's order read from a post page's address (`?sort=best`), or null. */
export function commentSortFromSearch(search: URLSearchParams): CommentSort | null {
  return oneOf(COMMENT_SORTS, search.get('sort')) ?? null;
}

export const SORTING = {
  /** The visible label of every sort control. */
  label: 'Sort by',
  threadFailed: 'Could not sort the comments. Try again.',
} as const;
