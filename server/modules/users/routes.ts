/** HTTP of the users module: the signed-in user's own UserInfo. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponses, msgSchema } from '../../../src/domain/entities.ts';
import { emailParamsSchema } from '../../../src/domain/validation.ts';
import { requireUser } from '../../infra/session.ts';
import type { UserService } from './service.ts';

export async function userRoutes(app: FastifyInstance, opts: { users: UserService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:email',
    {
      schema: {
        tags: ['users'],
        params: emailParamsSchema,
        response: { 200: authResponses.user, 401: msgSchema, 403: msgSchema },
      },
    },
    async (request) => ({
      user: await opts.users.ownInfo(requireUser(request).userId, request.params.email),
    }),
  );
}
