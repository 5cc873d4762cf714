/**
 * Logger options and the one line logged per request (with the request id). Never bodies, cookies
 * or addresses: URLs are logged as their route pattern (`/api/u/:email`), unmatched ones masked.
 * Errors are logged by their kind, code, SQL shape and stack frames, never their message (below).
 */
import { DrizzleQueryError } from 'drizzle-orm';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { databaseErrorCode } from '../db/faults.ts';

export type LoggerConfig = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;
type ErrSerializer = NonNullable<NonNullable<LoggerConfig['serializers']>['err']>;
export interface LogStream {
  write(line: string): void;
}

/** The route pattern when one matched, else the path without query and with any address masked. */
function loggableUrl(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const route = request.routeOptions.url;
  if (route && !route.includes('*')) return route;
  const path = request.url.split('?')[0] ?? '';
  return path.replace(/[^/]*(@|%40)[^/]*/gi, ':redacted');
}

interface LoggedError {
  type?: string;
  /** SQLSTATE of a database error (found through `.cause`), else the error's own code. */
  code?: string;
  /** The statement of a failed query, with its $n placeholders: never its params. */
  query?: string;
  frames?: string[];
}

/** The stack's `    at ` lines after its header, which repeats the message (as many lines as it has). */
function stackFrames(error: Error): string[] {
  return (error.stack ?? '')
    .split('\n')
    .slice(String(error.message).split('\n').length)
    .filter((line) => line.startsWith('    at '));
}

function failedQuery(error: Error): string | undefined {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e instanceof Error && !seen.has(e); e = e.cause) {
    seen.add(e);
    if (e instanceof DrizzleQueryError) return e.query;
  }
  return undefined;
}

/**
 * The `err` of a log line. Messages are left out: a driver's quotes values (`invalid input syntax
 * for type uuid: "…"`), Drizzle's carries every param of the query, a mail server's the address.
 */
function loggableError(value: unknown): LoggedError {
  if (value instanceof Error) {
    return {
      type: value.name,
      code: databaseErrorCode(value),
      query: failedQuery(value),
      frames: stackFrames(value),
    };
  }
  if (!value || typeof value !== 'object') return {};
  // An object made by the caller: its `stack`, if any, cannot be told from the message it starts with.
  const { type, code } = value as Record<string, unknown>;
  return {
    type: typeof type === 'string' ? type : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

export function loggerOptions(level: string, stream?: LogStream): LoggerConfig {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: loggableUrl(req) }),
      // Fastify's type asks for `message` and `stack` back: leaving them out is the point.
      err: loggableError as unknown as ErrSerializer,
    },
    hooks: {
      // pino would make an Error given first (`log.error(error)`) the line's message.
      logMethod(args, method) {
        const [first, ...rest] = args;
        if (!(first instanceof Error)) return method.apply(this, args);
        const msg = typeof rest[0] === 'string' ? rest[0] : 'error';
        return method.apply(this, [{ err: first }, msg]);
      },
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Fastify's request logging reduced to one line per request, written when the reply is sent; its
 * other lines without the messages and URLs Fastify puts in them.
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: loggableUrl(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) request.log.error({ ...line, err: { type: error.name } }, 'request');
    else request.log.info(line, 'request');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ err: error }, 'request refused');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ url: loggableUrl(request) }, 'route not found');
  }

  override writeHeadError(error: Error, request: FastifyRequest): void {
    request.log.warn({ err: error }, 'could not write the error reply');
  }
}
