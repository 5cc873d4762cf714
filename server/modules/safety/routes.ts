/**
 * HTTP of trust and safety for members (docs/api.md "Safety"): reports, blocks, hides and the crisis
 * resources. The moderators' routes are in moderationRoutes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { msgSchema } from '../../../src/domain/entities.ts';
import { type CrisisResource, SAFETY } from '../../../src/domain/safety.ts';
import {
  blockBodySchema,
  hideBodySchema,
  reportBodySchema,
  safetyResponses,
} from '../../../src/domain/safetySchemas.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser } from '../../infra/session.ts';
import type { BlockService } from './blocks.ts';
import type { HideService } from './hides.ts';
import type { ReportService } from './reports.ts';

export interface SafetyRoutesOptions {
  reports: ReportService;
  blocks: BlockService;
  hides: HideService;
  crisisResources: CrisisResource[];
}

const tags = ['safety'];

export async function safetyRoutes(app: FastifyInstance, opts: SafetyRoutesOptions): Promise<void> {
  const { reports, blocks, hides } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/reports',
    {
      schema: {
        tags,
        description:
          'Reports a post, poll, comment, room (id or title) or account (username or id); again: changes the reason',
        body: reportBodySchema,
        response: {
          200: safetyResponses.report,
          201: safetyResponses.report,
          ...refusals(400, 401, 403, 404, 425),
        },
      },
    },
    async (request, reply) => {
      const { status, ...answer } = await reports.report(requireUser(request).userId, request.body);
      return reply.code(status).send(answer);
    },
  );

  r.post(
    '/u/block',
    { schema: { tags, body: blockBodySchema, response: { 201: msgSchema, ...refusals(400, 401, 404) } } },
    async (request, reply) => {
      const name = await blocks.block(requireUser(request).userId, request.body.username);
      return reply.code(201).send({ msg: SAFETY.blocked(name) });
    },
  );

  r.post(
    '/u/unblock',
    { schema: { tags, body: blockBodySchema, response: { 200: msgSchema, ...refusals(400, 401, 404) } } },
    async (request) => ({
      msg: SAFETY.unblocked(await blocks.unblock(requireUser(request).userId, request.body.username)),
    }),
  );

  r.get(
    '/u/blocked',
    { schema: { tags, response: { 200: safetyResponses.blocked, ...refusals(401) } } },
    async (request) => ({ users: await blocks.blocked(requireUser(request).userId) }),
  );

  r.post(
    '/safety/hide',
    { schema: { tags, body: hideBodySchema, response: { 201: msgSchema, ...refusals(400, 401, 404) } } },
    async (request, reply) => {
      await hides.hide(requireUser(request).userId, request.body);
      return reply.code(201).send({ msg: SAFETY.hidden });
    },
  );

  r.post(
    '/safety/unhide',
    { schema: { tags, body: hideBodySchema, response: { 200: msgSchema, ...refusals(400, 401, 404) } } },
    async (request) => {
      await hides.unhide(requireUser(request).userId, request.body);
      return { msg: SAFETY.unhidden };
    },
  );

  r.get(
    '/safety/resources',
    { schema: { tags, response: { 200: safetyResponses.resources } } },
    async () => ({ resources: opts.crisisResources }),
  );
}
