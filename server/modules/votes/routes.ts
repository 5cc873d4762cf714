/** HTTP of votes on posts and comments (under /posts, as the spec names them). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { postResponses } from '../../../src/domain/entities.ts';
import { upvoteNumBodySchema, voteBodySchema } from '../../../src/domain/postValidation.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser, viewerId } from '../../infra/session.ts';
import type { VoteService } from './service.ts';

const tags = ['votes'];

export async function voteRoutes(app: FastifyInstance, opts: { votes: VoteService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/vote',
    {
      schema: {
        tags,
        body: voteBodySchema,
        response: { 201: postResponses.vote, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { postId, val } = request.body;
      const commentId = request.body.commentId ?? null;
      const tally = await opts.votes.vote(user.userId, { postId, commentId }, val);
      return reply.code(201).send({ newUpvote: { postId, commentId, val }, ...tally });
    },
  );

  r.post(
    '/upvoteNum',
    {
      schema: {
        tags,
        body: upvoteNumBodySchema,
        response: { 200: postResponses.tally, ...refusals(400, 403, 404) },
      },
    },
    async (request) => {
      const { postId, commentId } = request.body;
      return opts.votes.tally({ postId, commentId: commentId ?? null }, viewerId(request));
    },
  );
}
