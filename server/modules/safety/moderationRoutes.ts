/**
 * HTTP of moderation (docs/api.md "Safety"): the queue and the three actions, for moderators only
 * (401 for visitors, 403 for everyone else); the removal log is public.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msgSchema } from '../../../src/domain/entities.ts';
import { MODERATION_PAGE, SAFETY } from '../../../src/domain/safety.ts';
import {
  moderationTargetSchema,
  proposalBodySchema,
  safetyResponses,
} from '../../../src/domain/safetySchemas.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser } from '../../infra/session.ts';
import type { ModerationService } from './moderation.ts';
import type { ModerationQueue } from './queue.ts';

export interface ModerationRoutesOptions {
  moderation: ModerationService;
  queue: ModerationQueue;
}

const tags = ['moderation'];

export const moderationPageSchema = z.object({
  offset: z.coerce.number().int('* must be a whole number').min(0, '* must not be negative').default(0),
  limit: z.coerce
    .number()
    .int('* must be a whole number')
    .min(1)
    .max(MODERATION_PAGE)
    .default(MODERATION_PAGE),
});

export async function moderationRoutes(app: FastifyInstance, opts: ModerationRoutesOptions): Promise<void> {
  const { moderation, queue } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The actions check it in their own transaction (moderation.ts).
  const moderator = async (request: FastifyRequest) => {
    const { userId } = requireUser(request);
    await moderation.assertModerator(userId);
    return userId;
  };

  r.get(
    '/queue',
    {
      schema: {
        tags,
        description: 'Reported items waiting for a decision, oldest first report first',
        querystring: moderationPageSchema,
        response: { 200: safetyResponses.queue, ...refusals(400, 401, 403) },
      },
    },
    async (request) => ({ items: await queue.queue(await moderator(request), request.query) }),
  );

  r.post(
    '/dismiss',
    {
      schema: {
        tags,
        body: moderationTargetSchema,
        response: { 200: msgSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await moderation.dismiss(requireUser(request).userId, request.body);
      return { msg: SAFETY.dismissed };
    },
  );

  r.post(
    '/propose',
    {
      schema: {
        tags,
        description: 'Proposes removing the item under a rule; a second moderator confirms it',
        body: proposalBodySchema,
        response: { 201: msgSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await moderation.propose(requireUser(request).userId, request.body);
      return reply.code(201).send({ msg: SAFETY.proposed });
    },
  );

  r.post(
    '/confirm',
    {
      schema: {
        tags,
        description: "Confirms another moderator's proposal: the item is removed",
        body: moderationTargetSchema,
        response: { 200: msgSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await moderation.confirm(requireUser(request).userId, request.body);
      return { msg: SAFETY.confirmed };
    },
  );

  r.get(
    '/log',
    {
      schema: {
        tags,
        description: 'Removals, newest first: the kind, the rule and when; never who',
        querystring: moderationPageSchema,
        response: { 200: safetyResponses.log, ...refusals(400) },
      },
    },
    async (request) => ({ items: await queue.log(request.query) }),
  );
}
