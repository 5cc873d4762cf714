/**
 * Queries built once (issue 31): the hot reads are Drizzle prepared queries, their values
 * `sql.placeholder(...)`s bound at each execution, so a request no longer rebuilds the same SQL text
 * from the same builder calls. On PostgreSQL each carries a statement name, which pg prepares once
 * per connection, so PostgreSQL parses it once and can keep its plan; PGlite ignores the name.
 *
 * A prepared query runs on what it was built on: built on the database (the pg Pool or PGlite), it
 * checks a connection out of the pool for each execution, never the connection of a transaction in
 * progress (on PGlite it would wait for that transaction: a deadlock). So a read is prepared per
 * executor: once for the database, for the life of the process; once per transaction, for the
 * transaction, where it costs what building the query always cost.
 *
 * What changes the text is a shape (a visitor or a signed-in viewer, which feed, which page): one
 * prepared query per shape. Row counts stay in the text (paging.ts `inlined`), so a page is a shape;
 * only the first pages are kept: a deeper page, or any shape past the names' budget, is built for its
 * request and sent unnamed, so no client can fill PostgreSQL's memory with prepared statements.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import type { Page } from './paging.ts';

/** Names given at most, across the process: a statement per name on each pooled connection. */
export const MAX_NAMED_STATEMENTS = 512;
/** Pages of a feed kept prepared, from the first: deeper pages are built for their request. */
export const PAGES_KEPT = 10;

export type Values = Record<string, unknown>;

/** A query to run with its placeholders' values. */
export interface Runnable<R> {
  execute(values?: Values): Promise<R>;
}

/** A Drizzle query with placeholders: run as it is (built for one request), or prepared under a name. */
export interface Preparable<R> extends Runnable<R> {
  prepare(name: string): Runnable<R>;
}

const named = new Set<string>();

/** Whether `name` may be given: it was, or the budget has room (`max` in tests). */
export function nameAllowed(name: string, max = MAX_NAMED_STATEMENTS): boolean {
  if (named.has(name)) return true;
  if (named.size >= max) return false;
  named.add(name);
  return true;
}

/**
 * A read prepared once per executor and shape. `keyOf` names the shape (a part of the statement's
 * name: letters, digits and `_`, the whole under PostgreSQL's 63 bytes), or answers null for a shape
 * not to keep (a deep page); `build` makes the query of a shape, every value a placeholder, its text
 * the same for the same key.
 */
export function preparedRead<S, R>(
  family: string,
  keyOf: (shape: S) => string | null,
  build: (db: Executor, shape: S) => Preparable<R>,
): (db: Executor, shape: S) => Runnable<R> {
  const kept = new WeakMap<Executor, Map<string, Runnable<R>>>();
  return (db, shape) => {
    const key = keyOf(shape);
    if (key === null) return build(db, shape);
    let byKey = kept.get(db);
    if (!byKey) {
      byKey = new Map();
      kept.set(db, byKey);
    }
    const known = byKey.get(key);
    if (known) return known;
    const name = key ? `${family}_${key}` : family;
    if (!nameAllowed(name)) return build(db, shape);
    const query = build(db, shape).prepare(name);
    byKey.set(key, query);
    return query;
  };
}

/** A read with one shape, prepared once per executor. */
export const preparedOne = <R>(family: string, build: (db: Executor) => Preparable<R>) => {
  const read = preparedRead<null, R>(family, () => '', build);
  return (db: Executor) => read(db, null);
};

/** A FROM of one row, for a prepared query of expressions alone (`select <expression> from (select 1)`). */
export const oneRow = sql`(select 1) as one_row`;

/** Who reads, as far as a query's text goes: nobody (a visitor), or someone bound at execution. */
export type Who = 'visitor' | 'member';
export const whoOf = (viewerId: string | null): Who => (viewerId ? 'member' : 'visitor');

/** A page's part of a key, or null for a page past the first PAGES_KEPT of its size. */
export function pageKey(page: Page): string | null {
  const { offset, limit } = page;
  return offset % limit === 0 && offset < PAGES_KEPT * limit ? `${limit}_${offset}` : null;
}

/** `column = any($1)`: one statement text whatever the list's length (`inArray` writes one per length). */
export const anyOf = (column: AnyPgColumn, values: string[] | Placeholder): SQL =>
  sql`${column} = any(${Array.isArray(values) ? sql.param(values) : values})`;
