/** HTTP of search and profiles (spec §7 Search and profile): open to visitors. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileResponses } from '../../../src/domain/profileSchemas.ts';
import { memberCandidatesQuerySchema } from '../../../src/domain/roomValidation.ts';
import {
  activityQuerySchema,
  profileQuerySchema,
  searchPageQuerySchema,
  userPostsQuerySchema,
} from '../../../src/domain/userValidation.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser, viewerId } from '../../infra/session.ts';
import type { ActivityService } from './activity.ts';
import type { FullTextSearch } from './fullText.ts';
import type { SearchService } from './service.ts';

const tags = ['search'];
export async function searchRoutes(
  app: FastifyInstance,
  opts: { search: SearchService; fullText: FullTextSearch; activity: ActivityService },
): Promise<void> {
  const { search, fullText, activity } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/getusers',
    {
      schema: {
        tags,
        querystring: searchPageQuerySchema,
        response: { 200: profileResponses.search, ...refusals(400) },
      },
    },
    async (request) => search.find(request.query, viewerId(request)),
  );

  r.get(
    '/getposts',
    {
      schema: {
        tags,
        querystring: searchPageQuerySchema,
        response: { 200: profileResponses.foundPosts, ...refusals(400) },
      },
    },
    async (request) => ({ posts: await fullText.posts(request.query, viewerId(request)) }),
  );

  r.get(
    '/getcomments',
    {
      schema: {
        tags,
        querystring: searchPageQuerySchema,
        response: { 200: profileResponses.foundComments, ...refusals(400) },
      },
    },
    async (request) => ({ comments: await fullText.comments(request.query, viewerId(request)) }),
  );

  r.get(
    '/getmembercandidates',
    {
      schema: {
        tags,
        querystring: memberCandidatesQuerySchema,
        response: { 200: profileResponses.memberCandidates, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) =>
      search.memberCandidates(request.query.key, request.query.title, requireUser(request).userId),
  );

  r.get(
    '/getauser',
    {
      schema: {
        tags,
        querystring: profileQuerySchema,
        response: { 200: profileResponses.profile, ...refusals(400, 404) },
      },
    },
    async (request) => ({ user: await search.profile(request.query.key, viewerId(request)) }),
  );

  const list = { tags, querystring: activityQuerySchema };
  r.get(
    '/getuserposts',
    {
      schema: {
        tags,
        description: "A profile's posts, newest first; `sort=new|top` and, with top, `t=day|week|all`.",
        querystring: userPostsQuerySchema,
        response: { 200: profileResponses.posts, ...refusals(400, 404) },
      },
    },
    async (request) => ({ posts: await activity.posts(request.query, viewerId(request)) }),
  );
  r.get(
    '/getuserpolls',
    { schema: { ...list, response: { 200: profileResponses.polls, ...refusals(400, 404) } } },
    async (request) => ({ polls: await activity.polls(request.query, viewerId(request)) }),
  );
  r.get(
    '/getusercomments',
    { schema: { ...list, response: { 200: profileResponses.comments, ...refusals(400, 404) } } },
    async (request) => ({ comments: await activity.comments(request.query, viewerId(request)) }),
  );
  r.get(
    '/getuserupvotes',
    { schema: { ...list, response: { 200: profileResponses.upvotes, ...refusals(400, 403, 404) } } },
    async (request) => ({ upvotes: await activity.upvotes(request.query, viewerId(request)) }),
  );
  r.get(
    '/getuseroverview',
    { schema: { ...list, response: { 200: profileResponses.overview, ...refusals(400, 404) } } },
    async (request) => ({ items: await activity.overview(request.query, viewerId(request)) }),
  );
}
