/** HTTP errors as `{ msg }`, and the one error handler that hides the internals of every 5xx. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { AUTH } from '../../src/domain/messages.ts';

/** Server-only texts: the client never shows them, so they live here rather than in src/domain. */
export const SERVER_MESSAGES = {
  bodyTooLarge: 'Request body is too large',
  malformedJson: 'Malformed JSON body',
  unsupportedMediaType: 'Unsupported content type',
} as const;

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const httpError = (statusCode: number, msg: string) => new HttpError(statusCode, msg);

const FASTIFY_CODES: Record<string, { status: number; msg: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: SERVER_MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: SERVER_MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msg: SERVER_MESSAGES.malformedJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msg: SERVER_MESSAGES.unsupportedMediaType },
};

/** A unique-constraint violation, as raised by pg or PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ msg: error.message });
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known.status).send({ msg: known.msg });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ msg: error.message });
    // Only the error's kind and stack: messages of drivers or mail servers may quote user data.
    request.log.error({ err: { type: error.name, code: error.code, stack: error.stack } }, 'request failed');
    return reply.code(500).send({ msg: AUTH.serverError });
  });
}
