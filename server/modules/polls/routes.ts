/** HTTP of polls. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { msgSchema, pollResponses } from '../../../src/domain/entities.ts';
import { POLLS } from '../../../src/domain/messages.ts';
import {
  idQuerySchema,
  topicOffsetQuerySchema,
  votePollBodySchema,
} from '../../../src/domain/postValidation.ts';
import { pollFeedQuerySchema, roomPollBodySchema } from '../../../src/domain/roomValidation.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser, viewerId } from '../../infra/session.ts';
import type { PollService } from './service.ts';

const tags = ['polls'];
export async function pollRoutes(app: FastifyInstance, opts: { polls: PollService }): Promise<void> {
  const { polls } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/createpoll',
    {
      schema: {
        tags,
        body: roomPollBodySchema,
        response: { 200: pollResponses.created, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      msg: POLLS.created,
      poll: await polls.create(requireUser(request).userId, request.body),
    }),
  );

  r.post(
    '/votepoll',
    {
      schema: {
        tags,
        body: votePollBodySchema,
        response: { 200: pollResponses.vote, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => polls.vote(requireUser(request).userId, request.body.pollOptionId),
  );

  r.delete(
    '/deletepoll',
    {
      schema: {
        tags,
        querystring: idQuerySchema,
        response: { 202: msgSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await polls.delete(requireUser(request).userId, request.query.id);
      return reply.code(202).send({ msg: POLLS.deleted });
    },
  );

  r.get(
    '/getallpolls',
    {
      schema: {
        tags,
        description:
          "The home feed, or with `subCommunity` (the room's id or title) the polls of that room (403 for a private room not joined)",
        querystring: pollFeedQuerySchema,
        response: { 200: pollResponses.polls, ...refusals(400, 403, 404) },
      },
    },
    async (request) => {
      const { subCommunity, ...page } = request.query;
      return {
        polls: subCommunity
          ? await polls.inRoom(subCommunity, page, viewerId(request))
          : await polls.home(page, viewerId(request)),
      };
    },
  );

  r.get(
    '/q/hottopicspoll',
    {
      schema: {
        tags,
        querystring: topicOffsetQuerySchema,
        response: { 200: pollResponses.polls, ...refusals(400) },
      },
    },
    async (request) => {
      const { offset, limit, topic } = request.query;
      return { polls: await polls.byTopic(topic, { offset, limit }, viewerId(request)) };
    },
  );

  r.get(
    '/getpoll',
    {
      schema: {
        tags,
        querystring: idQuerySchema,
        response: { 200: pollResponses.poll, ...refusals(400, 403, 404) },
      },
    },
    async (request) => ({ poll: await polls.one(request.query.id, viewerId(request)) }),
  );

  r.get(
    '/getpollRoom',
    {
      schema: {
        tags,
        querystring: idQuerySchema,
        response: { 200: pollResponses.access, ...refusals(400, 404) },
      },
    },
    async (request) => ({ fetch: await polls.canView(request.query.id, viewerId(request)) }),
  );
}
