/**
 * Logger options and the one line logged per request (with the request id). Never bodies, cookies
 * or addresses: URLs are logged as their route pattern (`/api/u/:email`), unmatched ones masked.
 */
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

export type LoggerConfig = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;
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
    },
    ...(stream ? { stream } : {}),
  };
}

/** Fastify's request logging reduced to one line per request, written when the reply is sent. */
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
}
