/**
 * Zod on the server: the Fastify schema compiler, and `parseOrRefuse` for what a route checks outside
 * its schema (multipart fields, a query value held to a stricter rule). A failed parse is a 400 whose
 * message is the first issue, spelled as the forms show it (`issueMessage` of src/domain/validation.ts).
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { issueMessage } from '../../src/domain/validation.ts';
import { HttpError } from './errors.ts';

const refusal = (error: z.ZodError) => new HttpError(400, issueMessage(error));

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: refusal(result.error) };
  };

/** The value `schema` makes of `value`, or a 400 with its first issue. */
export function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw refusal(result.error);
  return result.data;
}
