/**
 * Zod on the server: the Fastify schema compiler, and `parseOrRefuse` for what a route checks outside
 * its schema (multipart fields, a query value held to a stricter rule). A failed parse is a 400 whose
 * message is the first issue, spelled as the forms show it (`issueMessage` of src/domain/validation.ts).
 * Before any schema, every string of the input must be storable text (textIssue.ts): one rule for
 * every field of every route.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { issueMessage } from '../../src/domain/validation.ts';
import { HttpError } from './errors.ts';
import { textIssue } from './textIssues.ts';

type Parsed<T> = { value: T } | { error: HttpError };

function parse<T extends z.ZodType>(schema: T, data: unknown): Parsed<z.infer<T>> {
  const issue = textIssue(data);
  if (issue) return { error: new HttpError(400, issue) };
  const result = schema.safeParse(data);
  return result.success ? { value: result.data } : { error: new HttpError(400, issueMessage(result.error)) };
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    parse(schema, data);

/** The value `schema` makes of `value`, or a 400 with its first issue. */
export function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = parse(schema, value);
  if ('error' in parsed) throw parsed.error;
  return parsed.value;
}
