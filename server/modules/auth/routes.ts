/** HTTP of the auth module: schemas from src/domain, cookies, status codes. Rules live in the services. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponses, msgSchema } from '../../../src/domain/entities.ts';
import { AUTH } from '../../../src/domain/messages.ts';
import {
  resendOtpBodySchema,
  resetPassBodySchema,
  signinBodySchema,
  signupBodySchema,
  updatePassBodySchema,
  varifyOtpBodySchema,
} from '../../../src/domain/validation.ts';
import type { Executor } from '../../db/client.ts';
import { refusals } from '../../infra/errors.ts';
import {
  type CookieOptions,
  clearResetCookie,
  clearSessionCookie,
  RESET_COOKIE,
  requireUser,
  SESSION_COOKIE,
  setResetCookie,
  setSessionCookie,
} from '../../infra/session.ts';
import type { AuthService } from './service.ts';
import type { SessionService } from './sessions.ts';
import { availableUsernames } from './usernames.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  sessions: SessionService;
  db: Executor;
  collegeDomain: string;
  cookies: CookieOptions;
}

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const { auth, sessions, cookies } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/generateusername',
    { schema: { tags, response: { 200: authResponses.generateUsername } } },
    async () => ({ usernames: await availableUsernames(opts.db) }),
  );

  r.post(
    '/signup',
    {
      schema: {
        tags,
        body: signupBodySchema(opts.collegeDomain),
        response: { 202: authResponses.otpSent, ...refusals(400, 425, 500) },
      },
    },
    async (request, reply) => reply.code(202).send(await auth.signup(request.body)),
  );

  r.post(
    '/varifyotp',
    {
      schema: {
        tags,
        body: varifyOtpBodySchema,
        response: { 202: authResponses.verified, ...refusals(401, 403, 404, 425) },
      },
    },
    async (request, reply) => {
      const { sessionToken, grantToken, ...verified } = await auth.verifyOtp(request.body);
      if (sessionToken) setSessionCookie(reply, sessionToken, cookies);
      if (grantToken) setResetCookie(reply, grantToken, cookies);
      return reply.code(202).send({ msg: AUTH.emailVerified, ...verified });
    },
  );

  r.post(
    '/resendotp',
    {
      schema: {
        tags,
        body: resendOtpBodySchema,
        response: { 202: authResponses.otpSent, ...refusals(404, 425, 500) },
      },
    },
    async (request, reply) => reply.code(202).send(await auth.resendOtp(request.body)),
  );

  r.post(
    '/signin',
    {
      schema: {
        tags,
        body: signinBodySchema,
        response: { 202: authResponses.signedIn, ...refusals(401, 403, 404, 425) },
      },
    },
    async (request, reply) => {
      const { sessionToken, ...signedIn } = await auth.signin(request.body, request.ip);
      setSessionCookie(reply, sessionToken, cookies);
      return reply.code(202).send(signedIn);
    },
  );

  r.post(
    '/resetpass',
    {
      schema: {
        tags,
        body: resetPassBodySchema,
        response: { 202: authResponses.otpSent, ...refusals(404, 425, 500) },
      },
    },
    async (request, reply) => reply.code(202).send(await auth.resetPass(request.body)),
  );

  r.post(
    '/updatepass',
    {
      schema: {
        tags,
        body: updatePassBodySchema,
        response: { 201: authResponses.passwordUpdated, ...refusals(403) },
      },
    },
    async (request, reply) => {
      const { sessionToken, ...updated } = await auth.updatePass(request.body, request.cookies[RESET_COOKIE]);
      clearResetCookie(reply, cookies);
      setSessionCookie(reply, sessionToken, cookies);
      return reply.code(201).send(updated);
    },
  );

  r.post('/logout', { schema: { tags, response: { 200: msgSchema } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await sessions.revoke(token);
    clearSessionCookie(reply, cookies);
    return reply.code(200).send({ msg: AUTH.loggedOut });
  });

  r.post(
    '/refreshsignin',
    { schema: { tags, response: { 200: authResponses.restored, ...refusals(401) } } },
    async (request, reply) => {
      const email = sessions.email(requireUser(request));
      if (!email) {
        clearSessionCookie(reply, cookies);
        return reply.code(401).send({ msg: AUTH.notSignedIn });
      }
      return reply.code(200).send({ email });
    },
  );
}
