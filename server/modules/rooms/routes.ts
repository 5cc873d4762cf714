/** HTTP of rooms (spec §7 Rooms). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { msgSchema, roomResponses } from '../../../src/domain/entities.ts';
import { AUTH, ROOMS } from '../../../src/domain/messages.ts';
import {
  acceptBodySchema,
  createRoomFieldsSchema,
  renameBodySchema,
  roomIdParamsSchema,
  roomNameSchema,
  titleBodySchema,
  titleParamsSchema,
  titleQuerySchema,
  userIdParamsSchema,
  usernameParamsSchema,
} from '../../../src/domain/roomValidation.ts';
import { httpError, refusals } from '../../infra/errors.ts';
import { acceptImageForms, imageFormSchema, readImageForm } from '../../infra/imageForm.ts';
import { requireUser, viewerId } from '../../infra/session.ts';
import { parseOrRefuse } from '../../infra/validation.ts';
import { canRead } from './access.ts';
import type { RoomImageField, RoomService } from './service.ts';

const tags = ['rooms'];

export async function roomRoutes(app: FastifyInstance, opts: { rooms: RoomService }): Promise<void> {
  const { rooms } = opts;
  await acceptImageForms(app, { fields: 10, parts: 12, fieldSize: 4096 });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/getAllRoom/:userID',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        response: { 200: roomResponses.list, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.userId !== request.params.userID) throw httpError(403, AUTH.forbidden);
      return { rooms: await rooms.mine(user.userId) };
    },
  );

  r.get(
    '/notJoinedRoom',
    { schema: { tags, response: { 200: roomResponses.publicList } } },
    async (request) => ({ rooms: await rooms.notJoined(viewerId(request)) }),
  );

  r.get(
    '/titleNameIsUnique',
    {
      schema: {
        tags,
        querystring: titleQuerySchema,
        response: { 200: roomResponses.available, ...refusals(400) },
      },
    },
    async (request) => {
      const title = parseOrRefuse(roomNameSchema, request.query.filter);
      const available = await rooms.isAvailable(title);
      return { msg: available, text: available ? ROOMS.available : ROOMS.notAvailable(title) };
    },
  );

  r.post(
    '/create',
    {
      schema: {
        tags,
        description:
          "multipart/form-data: title, desc?, privacy ('true'/'false'), optional image file roomImg",
        ...imageFormSchema({ fields: createRoomFieldsSchema, file: { name: 'roomImg', required: false } }),
        response: { 201: roomResponses.created, ...refusals(400, 401, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const form = await readImageForm(request, 'roomImg', ['title', 'desc', 'privacy']);
      const fields = parseOrRefuse(createRoomFieldsSchema, form.fields);
      const newRoom = await rooms.create(user.userId, fields, form.image);
      return reply.code(201).send({ msg: ROOMS.created, newRoom });
    },
  );

  r.get(
    '/showRoom/:title',
    {
      schema: {
        tags,
        params: titleParamsSchema,
        response: { 200: roomResponses.show, 403: roomResponses.forbidden, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const { access, room, mask } = await rooms.show(request.params.title, viewerId(request));
      // a pending entry is the viewer's own request, or the owner's invitation to them
      const pending = { requested: access.pending && !access.invited, invited: access.invited };
      if (canRead(access)) return { room, joined: access.joined, ...pending, ...mask };
      const { id, title, img, bgImg, privateRoom, CreatorId } = room;
      return reply.code(403).send({
        msg: ROOMS.privateRoom,
        room: { id, title, img, bgImg, privateRoom, CreatorId },
        joined: false,
        ...pending,
        ...mask,
      });
    },
  );

  r.post(
    '/join',
    {
      schema: {
        tags,
        body: titleBodySchema,
        response: { 200: roomResponses.room, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => rooms.join(requireUser(request).userId, request.body.title),
  );

  r.post(
    '/leave/:roomId',
    {
      schema: {
        tags,
        params: roomIdParamsSchema,
        response: { 200: msgSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await rooms.leave(requireUser(request).userId, request.params.roomId);
      return { msg: ROOMS.left };
    },
  );

  r.post(
    '/update',
    {
      schema: {
        tags,
        body: renameBodySchema,
        response: { 200: roomResponses.updated, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { title, newTitle } = request.body;
      return {
        msg: ROOMS.renamed,
        updatedRoom: await rooms.rename(requireUser(request).userId, title, newTitle),
      };
    },
  );

  r.post(
    '/addUserinRoom/:username',
    {
      schema: {
        tags,
        params: usernameParamsSchema,
        body: titleBodySchema,
        response: { 201: msgSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await rooms.addUser(requireUser(request).userId, request.params.username, request.body.title);
      return reply.code(201).send({ msg: ROOMS.requestSent });
    },
  );

  r.post(
    '/acceptJoiningRequest',
    {
      schema: {
        tags,
        body: acceptBodySchema,
        response: { 200: roomResponses.room, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { title, fromUser } = request.body;
      return { msg: ROOMS.accepted, room: await rooms.accept(requireUser(request).userId, title, fromUser) };
    },
  );

  r.post(
    '/declineJoiningRequest',
    {
      schema: {
        tags,
        description:
          "The room's owner declines `fromUser`'s pending request: it goes (they may ask again) with its " +
          'notice, and the person who asked is notified (kind requestDeclined).',
        body: acceptBodySchema,
        response: { 200: msgSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { title, fromUser } = request.body;
      await rooms.decline(requireUser(request).userId, title, fromUser);
      return { msg: ROOMS.declined };
    },
  );

  r.post(
    '/cancelJoiningRequest',
    {
      schema: {
        tags,
        description:
          "The person who asked withdraws their pending request to join the room; the owner's notice of it goes.",
        body: titleBodySchema,
        response: { 200: msgSchema, ...refusals(400, 401, 404) },
      },
    },
    async (request) => {
      await rooms.cancelRequest(requireUser(request).userId, request.body.title);
      return { msg: ROOMS.requestCancelled };
    },
  );

  const imageRoute = (path: string, fileField: string, field: RoomImageField) =>
    r.post(
      path,
      {
        schema: {
          tags,
          description: `multipart/form-data: title and the image file ${fileField}`,
          ...imageFormSchema({ fields: titleBodySchema, file: { name: fileField, required: true } }),
          response: { 200: roomResponses.updated, ...refusals(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const form = await readImageForm(request, fileField, ['title']);
        const { title } = parseOrRefuse(titleBodySchema, form.fields);
        if (!form.image) throw httpError(400, ROOMS.imageRequired);
        return {
          msg: ROOMS.updated,
          updatedRoom: await rooms.setImage(user.userId, title, field, form.image),
        };
      },
    );
  imageRoute('/updatebgImg', 'bgImg', 'bgImg');
  imageRoute('/updatedp', 'roomImg', 'img');

  r.delete(
    '/delete',
    {
      schema: { tags, body: titleBodySchema, response: { 200: msgSchema, ...refusals(400, 401, 403, 404) } },
    },
    async (request) => {
      await rooms.delete(requireUser(request).userId, request.body.title);
      return { msg: ROOMS.deleted };
    },
  );
}
