/** HTTP of comments (under /posts, as the spec names them). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { msgSchema, postResponses } from '../../../src/domain/entities.ts';
import { COMMENTS } from '../../../src/domain/messages.ts';
import { createCommentBodySchema, idBodySchema, idQuerySchema } from '../../../src/domain/postValidation.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser, viewerId } from '../../infra/session.ts';
import type { CommentService } from './service.ts';

const tags = ['comments'];

export async function commentRoutes(app: FastifyInstance, opts: { comments: CommentService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/getacomment',
    {
      schema: {
        tags,
        description:
          "One comment on its own: for whoever may read its post's room, and for a moderator reviewing a reported comment of a private room (`review` true: read-only, the read recorded)",
        querystring: idQuerySchema,
        response: { 200: postResponses.oneComment, ...refusals(400, 403, 404, 410) },
      },
    },
    async (request) => opts.comments.page(request.query.id, viewerId(request)),
  );

  r.post(
    '/createcomment',
    {
      schema: {
        tags,
        body: createCommentBodySchema,
        response: { 201: postResponses.comment, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const newComment = await opts.comments.create(requireUser(request).userId, request.body);
      return reply.code(201).send({ msg: COMMENTS.added, newComment });
    },
  );

  r.delete(
    '/deleteComment',
    {
      schema: {
        tags,
        body: idBodySchema,
        response: { 200: msgSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await opts.comments.delete(requireUser(request).userId, request.body.id);
      return { msg: COMMENTS.deleted };
    },
  );
}
