/** HTTP of the notifications module. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponses, msgSchema } from '../../../src/domain/entities.ts';
import { requireUser } from '../../infra/session.ts';
import type { NotificationService } from './service.ts';

export async function notificationRoutes(
  app: FastifyInstance,
  opts: { notifications: NotificationService },
): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/notification',
      { schema: { tags: ['notifications'], response: { 200: authResponses.notifications, 401: msgSchema } } },
      async (request) => ({ data: await opts.notifications.latestFor(requireUser(request).userId) }),
    );
}
