/**
 * HTTP of posts: the feeds, one post with its comments, creation (multipart) and deletion; and the
 * Popular ranking's refresh, scheduled while the app runs (popular.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../src/domain/constants.ts';
import { msgSchema, postResponses } from '../../../src/domain/entities.ts';
import { POSTS } from '../../../src/domain/messages.ts';
import {
  idBodySchema,
  idQuerySchema,
  pageQuerySchema,
  topicPageQuerySchema,
} from '../../../src/domain/postValidation.ts';
import {
  postFeedQuerySchema,
  type RoomPostFields,
  roomPostFieldsSchema,
} from '../../../src/domain/roomValidation.ts';
import { issueMessage } from '../../../src/domain/validation.ts';
import { httpError } from '../../infra/errors.ts';
import { readImageForm } from '../../infra/imageForm.ts';
import { requireUser } from '../../infra/session.ts';
import type { CommentService } from '../comments/service.ts';
import { schedulePopularRefresh } from './popular.ts';
import type { PostService } from './service.ts';

const tags = ['posts'];
const IMAGE_FIELD = 'postImg';
const TEXT_FIELDS = ['title', 'topic', 'body', 'subCommunity'];

const viewer = (request: FastifyRequest) => request.user?.userId ?? null;

/** The multipart form of postWithImg: text fields, and at most one file, `postImg`. */
async function readPostForm(
  request: FastifyRequest,
): Promise<{ fields: RoomPostFields; image: Buffer | null }> {
  const { fields: raw, image } = await readImageForm(request, IMAGE_FIELD, TEXT_FIELDS);
  const parsed = roomPostFieldsSchema.safeParse(raw);
  if (!parsed.success) throw httpError(400, issueMessage(parsed.error));
  return { fields: parsed.data, image };
}

export async function postRoutes(
  app: FastifyInstance,
  opts: { posts: PostService; comments: CommentService },
): Promise<void> {
  const { posts, comments } = opts;
  schedulePopularRefresh(app, () => posts.refreshPopular());
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: LIMITS.uploadBytesMax,
      files: 1,
      fields: 10,
      parts: 12,
      // A body of 40,000 characters is at most 160 kB of UTF-8.
      fieldSize: 4 * LIMITS.postBody + 1024,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/getPost',
    {
      schema: {
        tags,
        description:
          'The home feed, or with `title` the posts of that room (403 for a private room not joined)',
        querystring: postFeedQuerySchema,
        response: { 200: postResponses.posts, 400: msgSchema, 403: msgSchema, 404: msgSchema },
      },
    },
    async (request) => {
      const { title, ...page } = request.query;
      return {
        posts: title
          ? await posts.inRoom(title, page, viewer(request))
          : await posts.home(page, viewer(request)),
      };
    },
  );

  r.get(
    '/getapost',
    {
      schema: {
        tags,
        querystring: idQuerySchema,
        response: { 200: postResponses.post, 400: msgSchema, 403: msgSchema, 404: msgSchema },
      },
    },
    async (request) => {
      const post = await posts.one(request.query.id, viewer(request));
      return { post: { ...post, comments: await comments.forPost(post.id, viewer(request)) } };
    },
  );

  r.get(
    '/q/hottopic',
    {
      schema: {
        tags,
        querystring: topicPageQuerySchema,
        response: { 200: postResponses.posts, 400: msgSchema },
      },
    },
    async (request) => {
      const { page, limit, topic } = request.query;
      return { posts: await posts.byTopic(topic, { offset: page * limit, limit }, viewer(request)) };
    },
  );

  r.get(
    '/popular',
    {
      schema: { tags, querystring: pageQuerySchema, response: { 200: postResponses.posts, 400: msgSchema } },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { posts: await posts.popular({ offset: page * limit, limit }, viewer(request)) };
    },
  );

  r.post(
    '/postWithImg',
    {
      schema: {
        tags,
        description: 'multipart/form-data: title, topic, body, and an optional image file postImg',
        consumes: ['multipart/form-data'],
        response: {
          201: postResponses.created,
          400: msgSchema,
          401: msgSchema,
          403: msgSchema,
          404: msgSchema,
          413: msgSchema,
          415: msgSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { fields, image } = await readPostForm(request);
      const post = await posts.create(user.userId, fields, image);
      return reply.code(201).send({ msg: POSTS.posted, post });
    },
  );

  r.delete(
    '/delete',
    {
      schema: {
        tags,
        body: idBodySchema,
        response: { 200: msgSchema, 400: msgSchema, 401: msgSchema, 403: msgSchema, 404: msgSchema },
      },
    },
    async (request) => {
      await posts.delete(requireUser(request).userId, request.body.id);
      return { msg: POSTS.deleted };
    },
  );
}
