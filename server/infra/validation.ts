/**
 * Fastify schema compiler for zod: a failed parse becomes a 400 whose message is the first issue,
 * spelled as the forms show it (`issueMessage` of src/domain/validation.ts).
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { issueMessage } from '../../src/domain/validation.ts';
import { HttpError } from './errors.ts';

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new HttpError(400, issueMessage(result.error)) };
  };
