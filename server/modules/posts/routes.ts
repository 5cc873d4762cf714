/**
 * HTTP of posts: the feeds, one post with its comments, creation (multipart) and deletion; and the
 * Popular ranking's refresh, scheduled while the app runs (popular.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../src/domain/constants.ts';
import { msgSchema, postResponses } from '../../../src/domain/entities.ts';
import { POSTS } from '../../../src/domain/messages.ts';
import {
  idBodySchema,
  pageQuerySchema,
  postQuerySchema,
  topicPageQuerySchema,
} from '../../../src/domain/postValidation.ts';
import { postFeedQuerySchema, roomPostFieldsSchema } from '../../../src/domain/roomValidation.ts';
import { DEFAULT_COMMENT_SORT, listSortOf } from '../../../src/domain/sorting.ts';
import { refusals } from '../../infra/errors.ts';
import { acceptImageForms, imageFormSchema, readImageForm } from '../../infra/imageForm.ts';
import { requireUser, viewerId } from '../../infra/session.ts';
import { parseOrRefuse } from '../../infra/validation.ts';
import type { CommentService } from '../comments/service.ts';
import { schedulePopularRefresh } from './popular.ts';
import type { PostService } from './service.ts';

const tags = ['posts'];

export async function postRoutes(
  app: FastifyInstance,
  opts: { posts: PostService; comments: CommentService },
): Promise<void> {
  const { posts, comments } = opts;
  schedulePopularRefresh(app, () => posts.refreshPopular());
  // A body of 40,000 characters is at most 160 kB of UTF-8.
  await acceptImageForms(app, { fields: 10, parts: 12, fieldSize: 4 * LIMITS.postBody + 1024 });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/getPost',
    {
      schema: {
        tags,
        description:
          "The home feed, or with `title` (the room's title or id) the posts of that room (403 for a private room not joined). A room's posts take `sort=new|top` and, with top, `t=day|week|all` (all by default); newest first without `sort`.",
        querystring: postFeedQuerySchema,
        response: { 200: postResponses.posts, ...refusals(400, 403, 404) },
      },
    },
    async (request) => {
      const { title, sort, t, ...page } = request.query;
      return {
        posts: title
          ? await posts.inRoom(title, page, viewerId(request), listSortOf({ sort, t }))
          : await posts.home(page, viewerId(request)),
      };
    },
  );

  r.get(
    '/getapost',
    {
      schema: {
        tags,
        description:
          'The post with its comments, flat with their parentId, oldest first; `sort=best|top|new|old` orders them by the lower bound of the Wilson score interval of their votes (Reddit\'s "best"), by score (up minus down), newest or oldest first.',
        querystring: postQuerySchema,
        response: { 200: postResponses.post, ...refusals(400, 403, 404) },
      },
    },
    async (request) => {
      const { id, sort = DEFAULT_COMMENT_SORT } = request.query;
      const post = await posts.one(id, viewerId(request));
      return { post: { ...post, comments: await comments.forPost(post.id, viewerId(request), sort) } };
    },
  );

  r.get(
    '/q/hottopic',
    {
      schema: {
        tags,
        description: "A topic's posts, newest first; `sort=new|top` and, with top, `t=day|week|all`.",
        querystring: topicPageQuerySchema,
        response: { 200: postResponses.posts, ...refusals(400) },
      },
    },
    async (request) => {
      const { page, limit, topic, sort, t } = request.query;
      const pageOf = { offset: page * limit, limit };
      return { posts: await posts.byTopic(topic, pageOf, viewerId(request), listSortOf({ sort, t })) };
    },
  );

  r.get(
    '/popular',
    {
      schema: {
        tags,
        querystring: pageQuerySchema,
        response: { 200: postResponses.posts, ...refusals(400) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { posts: await posts.popular({ offset: page * limit, limit }, viewerId(request)) };
    },
  );

  r.post(
    '/postWithImg',
    {
      schema: {
        tags,
        description:
          'multipart/form-data: title, topic, body, an optional image file postImg and its optional description imgAlt',
        ...imageFormSchema({ fields: roomPostFieldsSchema, file: { name: 'postImg', required: false } }),
        response: { 201: postResponses.created, ...refusals(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const form = await readImageForm(request, 'postImg', [
        'title',
        'topic',
        'body',
        'imgAlt',
        'subCommunity',
      ]);
      const fields = parseOrRefuse(roomPostFieldsSchema, form.fields);
      const post = await posts.create(user.userId, fields, form.image);
      return reply.code(201).send({ msg: POSTS.posted, post });
    },
  );

  r.delete(
    '/delete',
    {
      schema: {
        tags,
        body: idBodySchema,
        response: { 200: msgSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await posts.delete(requireUser(request).userId, request.body.id);
      return { msg: POSTS.deleted };
    },
  );
}
