/**
 * HTTP of editing (issue 33; service.ts): `posts/edit` and `posts/editComment` under /posts, as the
 * issue names them, and `poll/edit` under /poll beside the other poll calls.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { editResponses } from '../../../src/domain/entities.ts';
import {
  editCommentBodySchema,
  editPollBodySchema,
  editPostBodySchema,
} from '../../../src/domain/postValidation.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser } from '../../infra/session.ts';
import type { EditService } from './service.ts';

export async function postEditRoutes(app: FastifyInstance, opts: { edits: EditService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/edit',
    {
      schema: {
        tags: ['posts'],
        description:
          "The author changes the post's body (not its title, topic or room); the text it replaces is kept as a version",
        body: editPostBodySchema,
        response: { 200: editResponses.post, ...refusals(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => {
      const { id, body } = request.body;
      return { post: await opts.edits.post(requireUser(request).userId, id, body) };
    },
  );

  r.post(
    '/editComment',
    {
      schema: {
        tags: ['comments'],
        description:
          "The author changes the comment's text ('[deleted]' ones: 404); the text it replaces is kept",
        body: editCommentBodySchema,
        response: { 200: editResponses.comment, ...refusals(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => {
      const { id, body } = request.body;
      return { comment: await opts.edits.comment(requireUser(request).userId, id, body) };
    },
  );
}

export async function pollEditRoutes(app: FastifyInstance, opts: { edits: EditService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/edit',
    {
      schema: {
        tags: ['polls'],
        description:
          "The author changes the poll's question, only before its first vote (409 after); its options stay",
        body: editPollBodySchema,
        response: { 200: editResponses.poll, ...refusals(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => {
      const { id, title } = request.body;
      return { poll: await opts.edits.poll(requireUser(request).userId, id, title) };
    },
  );
}
