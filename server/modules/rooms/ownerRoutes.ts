/**
 * HTTP of a room owner's moderation (docs/api.md "Rooms", docs/moderation.md "Room owners"): removing
 * an item of the room or a member (owner only, 403 for anyone else), the owner's list of members,
 * and the room's log, which its members read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { msgSchema } from '../../../src/domain/entities.ts';
import { ROOMS } from '../../../src/domain/messages.ts';
import { roomOwnerResponses } from '../../../src/domain/roomOwnerSchemas.ts';
import {
  removeItemBodySchema,
  removeMemberBodySchema,
  roomListQuerySchema,
  titleParamsSchema,
} from '../../../src/domain/roomValidation.ts';
import { refusals } from '../../infra/errors.ts';
import { requireUser } from '../../infra/session.ts';
import type { RoomModeration } from './ownerModeration.ts';

const tags = ['rooms'];

export async function roomOwnerRoutes(app: FastifyInstance, opts: { owner: RoomModeration }): Promise<void> {
  const { owner } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/removeItem',
    {
      schema: {
        tags,
        description:
          "The room's owner removes a post, poll or comment of the room; it goes in the room's log",
        body: removeItemBodySchema,
        response: { 200: msgSchema, ...refusals(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => {
      await owner.removeItem(requireUser(request).userId, request.body);
      return { msg: ROOMS.removedItem };
    },
  );

  r.post(
    '/removeMember',
    {
      schema: {
        tags,
        description: "The room's owner removes a joined member; it goes in the room's log",
        body: removeMemberBodySchema,
        response: { 200: msgSchema, ...refusals(400, 401, 403, 404, 410) },
      },
    },
    async (request) => {
      const { title, username } = request.body;
      await owner.removeMember(requireUser(request).userId, title, username);
      return { msg: ROOMS.removedMember };
    },
  );

  r.get(
    '/members/:title',
    {
      schema: {
        tags,
        description: 'The joined members, the owner first: for the owner only',
        params: titleParamsSchema,
        querystring: roomListQuerySchema,
        response: { 200: roomOwnerResponses.members, ...refusals(400, 401, 403, 404, 410) },
      },
    },
    async (request) => ({
      members: await owner.members(requireUser(request).userId, request.params.title, request.query),
    }),
  );

  r.get(
    '/log/:title',
    {
      schema: {
        tags,
        description: "The owner's removals in the room, newest first: the kind and when; for its members",
        params: titleParamsSchema,
        querystring: roomListQuerySchema,
        response: { 200: roomOwnerResponses.log, ...refusals(400, 401, 403, 404, 410) },
      },
    },
    async (request) => ({
      items: await owner.log(requireUser(request).userId, request.params.title, request.query),
    }),
  );
}
