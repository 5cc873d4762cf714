/** HTTP of search and profiles (spec §7 Search and profile): open to visitors. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { msgSchema, profileResponses } from '../../../src/domain/entities.ts';
import {
  activityQuerySchema,
  profileQuerySchema,
  searchQuerySchema,
} from '../../../src/domain/userValidation.ts';
import type { ActivityService } from './activity.ts';
import type { SearchService } from './service.ts';

const tags = ['search'];
const viewer = (request: FastifyRequest) => request.user?.userId ?? null;
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, msgSchema]));

export async function searchRoutes(
  app: FastifyInstance,
  opts: { search: SearchService; activity: ActivityService },
): Promise<void> {
  const { search, activity } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/getusers',
    {
      schema: {
        tags,
        querystring: searchQuerySchema,
        response: { 200: profileResponses.search, ...errors(400) },
      },
    },
    async (request) => search.find(request.query.key),
  );

  r.get(
    '/getauser',
    {
      schema: {
        tags,
        querystring: profileQuerySchema,
        response: { 200: profileResponses.profile, ...errors(400, 404) },
      },
    },
    async (request) => ({ user: await search.profile(request.query.key, viewer(request)) }),
  );

  const list = { tags, querystring: activityQuerySchema };
  r.get(
    '/getuserposts',
    { schema: { ...list, response: { 200: profileResponses.posts, ...errors(400, 404) } } },
    async (request) => ({ posts: await activity.posts(request.query, viewer(request)) }),
  );
  r.get(
    '/getuserpolls',
    { schema: { ...list, response: { 200: profileResponses.polls, ...errors(400, 404) } } },
    async (request) => ({ polls: await activity.polls(request.query, viewer(request)) }),
  );
  r.get(
    '/getusercomments',
    { schema: { ...list, response: { 200: profileResponses.comments, ...errors(400, 404) } } },
    async (request) => ({ comments: await activity.comments(request.query, viewer(request)) }),
  );
  r.get(
    '/getuserupvotes',
    { schema: { ...list, response: { 200: profileResponses.upvotes, ...errors(400, 403, 404) } } },
    async (request) => ({ upvotes: await activity.upvotes(request.query, viewer(request)) }),
  );
  r.get(
    '/getuseroverview',
    { schema: { ...list, response: { 200: profileResponses.overview, ...errors(400, 404) } } },
    async (request) => ({ items: await activity.overview(request.query, viewer(request)) }),
  );
}
