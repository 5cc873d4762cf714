/** HTTP of the notifications module. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponses, msgSchema } from '../../../src/domain/entities.ts';
import { NOTIFICATIONS } from '../../../src/domain/messages.ts';
import { sendNotificationBodySchema } from '../../../src/domain/postValidation.ts';
import { markAsReadBodySchema } from '../../../src/domain/userValidation.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser } from '../../infra/session.ts';
import { NOTIFICATION_SENT, type NotificationService } from './service.ts';

const tags = ['notifications'];

export async function notificationRoutes(
  app: FastifyInstance,
  opts: { notifications: NotificationService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/notification',
    { schema: { tags, response: { 200: authResponses.notifications, ...refusals(401) } } },
    async (request) => ({ data: await opts.notifications.latestFor(requireUser(request).userId) }),
  );

  r.post(
    '/sendnotification',
    {
      schema: {
        tags,
        body: sendNotificationBodySchema,
        response: { 201: msgSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await opts.notifications.sendVoteNotice(requireUser(request).userId, request.body);
      return reply.code(201).send({ msg: NOTIFICATION_SENT });
    },
  );

  r.post(
    '/markallasread',
    { schema: { tags, response: { 202: msgSchema, ...refusals(401) } } },
    async (request, reply) => {
      await opts.notifications.markAllRead(requireUser(request).userId);
      return reply.code(202).send({ msg: NOTIFICATIONS.markedAll });
    },
  );

  r.post(
    '/markasread',
    {
      schema: {
        tags,
        body: markAsReadBodySchema,
        response: { 201: msgSchema, ...refusals(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await opts.notifications.markRead(requireUser(request).userId, request.body.id);
      return reply.code(201).send({ msg: NOTIFICATIONS.marked });
    },
  );
}
