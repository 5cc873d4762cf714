/**
 * The security headers of every answer (helmet, docs/api.md). @fastify/helmet sets them in an
 * onRequest hook, which the replies Fastify makes before routing (`frameworkErrors`: a malformed URL,
 * a path parameter too long) never run: those get them here, from the same options through the same
 * helmet, so no answer goes out without them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

type Middleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** The helmet @fastify/helmet runs: its dependency, reached through it rather than declared twice. */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  options: FastifyHelmetOptions,
) => Middleware;

export function securityHeaderOptions(config: Config): FastifyHelmetOptions {
  return {
    hsts: config.secureCookies ? undefined : false,
    // Stately Inspect (`?inspect`) talks to the window the app opens for it; `same-origin` would cut
    // that link. Popups opened by the app stay reachable; other windows still cannot reach the app.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
  };
}

type ErrorReply = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;

/** `send`, after setting the security headers on the reply: for Fastify's `frameworkErrors`. */
export function withSecurityHeaders(options: FastifyHelmetOptions, send: ErrorReply): ErrorReply {
  const setHeaders = helmet(options);
  return (error, request, reply) => {
    setHeaders(request.raw, reply.raw, () => undefined);
    return send(error, request, reply);
  };
}
