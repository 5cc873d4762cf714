/** HTTP of the coding stats: linking LeetCode and Codeforces (u/), and LeetCode stats (search/). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SETTINGS } from '../../../src/domain/peopleMessages.ts';
import { settingsResponses } from '../../../src/domain/profileSchemas.ts';
import {
  addCodeforcesBodySchema,
  addLeetCodeBodySchema,
  lcDataBodySchema,
} from '../../../src/domain/userValidation.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser, viewerId } from '../../infra/session.ts';
import type { CodingStatsService } from './service.ts';

const tags = ['stats'];

export async function statsRoutes(app: FastifyInstance, opts: { stats: CodingStatsService }): Promise<void> {
  const { stats } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/u/addLeetCode',
    {
      schema: {
        tags,
        body: addLeetCodeBodySchema,
        response: { 200: settingsResponses.leetcode, ...refusals(400, 401, 404, 502, 503, 504) },
      },
    },
    async (request) => ({
      msg: SETTINGS.updated,
      ...(await stats.linkLeetCode(requireUser(request), request.body.lcusername)),
    }),
  );

  r.post(
    '/u/addCodeforces',
    {
      schema: {
        tags,
        body: addCodeforcesBodySchema,
        response: { 201: settingsResponses.codeforces, ...refusals(400, 401, 404, 502, 503, 504) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        msg: SETTINGS.updated,
        ...(await stats.linkCodeforces(requireUser(request), request.body.cfusername)),
      }),
  );

  // The spec calls it with a trailing slash; both spellings answer.
  for (const url of ['/search/getLCdata', '/search/getLCdata/']) {
    r.post(
      url,
      {
        schema: {
          tags,
          body: lcDataBodySchema,
          response: { 200: settingsResponses.lcStats, ...refusals(400, 404, 502, 503, 504) },
        },
      },
      async (request) => stats.leetCodeStats(request.body.username, viewerId(request)),
    );
  }
}
