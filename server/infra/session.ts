/**
 * Session cookies and `request.user`: a hook resolves the `quad_session` cookie once per /api
 * request; `requireUser` turns a missing session into 401, `viewerId` reads it where visitors may come.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_RULES } from '../../src/domain/constants.ts';
import { AUTH } from '../../src/domain/messages.ts';
import type { SessionService, SessionUser } from '../modules/auth/sessions.ts';
import { httpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const SESSION_COOKIE = 'quad_session';
export const RESET_COOKIE = 'quad_reset';
const RESET_PATH = '/api/auth';

export interface CookieOptions {
  secure: boolean;
}

export function setSessionCookie(reply: FastifyReply, token: string, { secure }: CookieOptions): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_RULES.ttlMs / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, { secure }: CookieOptions): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export function setResetCookie(reply: FastifyReply, token: string, { secure }: CookieOptions): void {
  reply.setCookie(RESET_COOKIE, token, {
    path: RESET_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_RULES.resetGrantTtlMs / 1000,
  });
}

export function clearResetCookie(reply: FastifyReply, { secure }: CookieOptions): void {
  reply.clearCookie(RESET_COOKIE, { path: RESET_PATH, httpOnly: true, sameSite: 'lax', secure });
}

/** Resolves the session of every request in this scope (the /api plugin). */
export function installSessions(
  api: FastifyInstance,
  sessions: SessionService,
  cookies: CookieOptions,
): void {
  api.decorateRequest('user', null);
  api.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const resolved = await sessions.resolve(token);
    if (!resolved) return;
    request.user = resolved.user;
    if (resolved.touched) setSessionCookie(reply, token, cookies);
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw httpError(401, AUTH.notSignedIn);
  return request.user;
}

/** The signed-in user's id, or null for a visitor (routes open to visitors). */
export const viewerId = (request: FastifyRequest): string | null => request.user?.userId ?? null;
