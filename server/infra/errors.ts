/**
 * Every refusal as JSON `{ msg }`, whichever layer makes it: Node's HTTP parser, the router, the body
 * parsers, validation, the routes, the database. 5xx details stay in the log, never in the answer.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msgSchema } from '../../src/domain/entities.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { databaseErrorCode, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/faults.ts';

/** Server-only texts: the client never shows them, so they live here rather than in src/domain. */
export const SERVER_MESSAGES = {
  bodyTooLarge: 'Request body is too large',
  malformedJson: 'Malformed JSON body',
  jsonNotUtf8: 'Malformed JSON body: it is not valid UTF-8',
  /** After `<field>: `, for a query key or value whose percent-encoding is not of UTF-8 bytes. */
  queryNotUtf8: '* must be percent-encoded UTF-8',
  /** After `<field>: `, for a form's text part that is not UTF-8 (or holds U+FFFD, which stands for bytes that were not). */
  formFieldNotUtf8: '* must be UTF-8 text',
  malformedBody: 'Request body does not match its Content-Length',
  malformedForm: 'Malformed form data',
  formWithoutBoundary: 'Malformed form data: the Content-Type names no boundary of 1 to 70 characters',
  formWithoutParts:
    'Malformed form data: no part of the body is delimited by the boundary its Content-Type names',
  formCutShort: 'Malformed form data: the body ends before its closing boundary',
  unsupportedMediaType: 'Unsupported content type',
  malformedUrl: 'Malformed URL',
  urlTooLong: 'A part of the URL is too long',
  headersTooLarge: 'Request line or headers are too large',
  requestTimeout: 'Request took too long to arrive',
  malformedRequest: 'Malformed HTTP request',
  databaseUnavailable: 'The service is briefly unavailable. Try again in a moment.',
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

/** A route's response schemas for the refusals it may answer, each `{ msg }`: `...refusals(400, 404)`. */
export const refusals = <C extends number>(...codes: C[]) =>
  Object.fromEntries(codes.map((code) => [code, msgSchema])) as Record<C, typeof msgSchema>;

const FASTIFY_CODES: Record<string, { status: number; msg: string }> = {
  FST_ERR_BAD_URL: { status: 400, msg: SERVER_MESSAGES.malformedUrl },
  FST_ERR_INVALID_URL: { status: 400, msg: SERVER_MESSAGES.malformedUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, msg: SERVER_MESSAGES.urlTooLong },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: SERVER_MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msg: SERVER_MESSAGES.malformedBody },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: SERVER_MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msg: SERVER_MESSAGES.malformedJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msg: SERVER_MESSAGES.unsupportedMediaType },
  // @fastify/multipart
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, msg: SERVER_MESSAGES.unsupportedMediaType },
  FST_PARTS_LIMIT: { status: 413, msg: SERVER_MESSAGES.bodyTooLarge },
  FST_FIELDS_LIMIT: { status: 413, msg: SERVER_MESSAGES.bodyTooLarge },
  FST_FILES_LIMIT: { status: 413, msg: SERVER_MESSAGES.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, msg: SERVER_MESSAGES.bodyTooLarge },
  FST_PROTO_VIOLATION: { status: 400, msg: SERVER_MESSAGES.malformedForm },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, msg: SERVER_MESSAGES.malformedForm },
  FST_MP_PREMATURE_CLOSE: { status: 400, msg: SERVER_MESSAGES.malformedForm },
};

/** A unique-constraint violation, as raised by pg or PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The error handler of every route, and Fastify's `frameworkErrors` (bad URLs, before any route). */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return reply.code(error.statusCode).send({ msg: error.message });
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return reply.code(known.status).send({ msg: known.msg });
  const status = error.statusCode ?? 500;
  // Before the outage check: a client that drops its upload gives an ECONNRESET marked 400.
  if (status >= 400 && status < 500) return reply.code(status).send({ msg: error.message });
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ code: databaseErrorCode(error) }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ msg: SERVER_MESSAGES.databaseUnavailable });
  }
  // The logger's err serializer keeps the kind, code, SQL and stack frames: never a message.
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ msg: AUTH.serverError });
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

const CLIENT_ERRORS: Record<string, { status: number; msg: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, msg: SERVER_MESSAGES.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, msg: SERVER_MESSAGES.requestTimeout },
};

/** Node's refusals before Fastify sees a request (a request line or headers over 16 KB, garbage). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, msg } = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    msg: SERVER_MESSAGES.malformedRequest,
  };
  const body = JSON.stringify({ msg });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
