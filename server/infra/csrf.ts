/**
 * Double-submit CSRF protection: every response sets the readable XSRF-TOKEN cookie when the request
 * lacks it, and every state-changing /api request must echo it in X-XSRF-TOKEN (axios does).
 */
import type { FastifyInstance } from 'fastify';
import { AUTH } from '../../src/domain/messages.ts';
import { newToken, safeEqual } from './crypto.ts';
import { httpError } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function installCsrf(app: FastifyInstance, options: { secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, newToken(), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: options.secure,
      });
    }
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(header, cookie)) throw httpError(403, AUTH.csrf);
  });
}
