/**
 * HTTP of appeals (docs/api.md "Safety"): the author appeals a removal (`POST appeals`); moderators
 * read the appeals waiting (`GET mod/appeals`) and answer them (`POST mod/appeals/decide`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appealBodySchema,
  appealDecisionSchema,
  appealResponses,
} from '../../../src/domain/appealSchemas.ts';
import { APPEALS } from '../../../src/domain/appeals.ts';
import { msgSchema } from '../../../src/domain/entities.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser } from '../../infra/session.ts';
import type { AppealService } from './appeals.ts';
import type { ModerationService } from './moderation.ts';
import { moderationPageSchema } from './moderationRoutes.ts';

const tags = ['moderation'];

export async function appealRoutes(
  app: FastifyInstance,
  opts: { appeals: AppealService; moderation: ModerationService },
): Promise<void> {
  const { appeals, moderation } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/appeals',
    {
      schema: {
        tags,
        description: 'The author appeals a removal by moderators, once, in a few words',
        body: appealBodySchema,
        response: { 201: msgSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await appeals.appeal(requireUser(request).userId, request.body);
      return reply.code(201).send({ msg: APPEALS.sent });
    },
  );

  r.get(
    '/mod/appeals',
    {
      schema: {
        tags,
        description: 'Appeals waiting for a moderator, oldest first',
        querystring: moderationPageSchema,
        response: { 200: appealResponses.queue, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      await moderation.assertModerator(userId);
      return { items: await appeals.queue(userId, request.query) };
    },
  );

  r.post(
    '/mod/appeals/decide',
    {
      schema: {
        tags,
        description: 'A moderator who took no part in the removal restores the item or upholds the removal',
        body: appealDecisionSchema,
        response: { 200: msgSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { outcome } = request.body;
      await appeals.decide(requireUser(request).userId, request.body);
      return { msg: outcome === 'restored' ? APPEALS.restoredMsg : APPEALS.upheldMsg };
    },
  );
}
