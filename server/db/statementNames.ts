/**
 * Names for the parameterized SQL texts Quad sends, so that PostgreSQL parses and plans each text
 * once per connection instead of on every request (pg prepares a named statement on its first use on
 * a connection). Texts come from the code with their values as parameters, so there are few of them;
 * past MAX_NAMED_STATEMENTS texts go unnamed. A list of changing length is one array parameter
 * (`anyOf`), not an IN list whose text changes with its length.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const MAX_NAMED_STATEMENTS = 256;

/** The statement name of a text, or undefined when it is to be sent unnamed. */
export type StatementNamer = (text: string) => string | undefined;

export function statementNamer(max = MAX_NAMED_STATEMENTS): StatementNamer {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= max) return known;
    const name = `quad_${names.size}`;
    names.set(text, name);
    return name;
  };
}

/** The process's names, shared by every connection of the pool. */
export const statementName = statementNamer();

/** `column = any($1)`: one statement text whatever the list's length (`inArray` writes one per length). */
export const anyOf = (column: AnyPgColumn, values: string[]): SQL =>
  sql`${column} = any(${sql.param(values)})`;
