/** HTTP of the users module: the owner's UserInfo, settings, avatar and banner, account deletion. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponses, msgSchema } from '../../../src/domain/entities.ts';
import { PROFILE, SETTINGS } from '../../../src/domain/peopleMessages.ts';
import { settingsResponses } from '../../../src/domain/profileSchemas.ts';
import {
  commentSortBodySchema,
  lcVisibilityBodySchema,
  updateBodySchema,
} from '../../../src/domain/userValidation.ts';
import { emailParamsSchema } from '../../../src/domain/validation.ts';
import { httpError, refusals } from '../../infra/errors.ts';
import { acceptImageForms, imageFormSchema, readImageForm } from '../../infra/imageForm.ts';
import { type CookieOptions, clearSessionCookie, requireUser } from '../../infra/session.ts';
import type { AccountDeletion } from './deletion.ts';
import type { UserService } from './service.ts';
import type { SettingsService, UserImageField } from './settings.ts';

export interface UserRoutesOptions {
  users: UserService;
  settings: SettingsService;
  deletion: AccountDeletion;
  cookies: CookieOptions;
}

const tags = ['users'];

export async function userRoutes(app: FastifyInstance, opts: UserRoutesOptions): Promise<void> {
  const { users, settings } = opts;
  await acceptImageForms(app, { fields: 5, parts: 6, fieldSize: 1024 });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/:email',
    {
      schema: {
        tags,
        params: emailParamsSchema,
        response: { 200: authResponses.user, ...refusals(401, 403) },
      },
    },
    async (request) => ({
      user: await users.ownInfo(requireUser(request).userId, request.params.email),
    }),
  );

  r.post(
    '/update',
    {
      schema: {
        tags,
        description:
          'A new `password` needs `currentPassword` beside it (missing: 400; wrong: 403, counted as a ' +
          'failed sign-in, so 425 once the sign-in throttle is reached). `clearBio: true` removes the bio.',
        body: updateBodySchema,
        response: { 200: settingsResponses.user, ...refusals(400, 401, 403, 409, 425) },
      },
    },
    async (request) => ({
      msg: SETTINGS.updated,
      user: await settings.update(requireUser(request), request.body, request.ip),
    }),
  );

  r.post(
    '/setLcVisibility',
    {
      schema: {
        tags,
        body: lcVisibilityBodySchema,
        response: { 200: settingsResponses.user, ...refusals(400, 401) },
      },
    },
    async (request) => ({
      msg: SETTINGS.updated,
      user: await settings.setLcVisibility(requireUser(request), request.body.showLC),
    }),
  );

  r.post(
    '/setCommentSort',
    {
      schema: {
        tags,
        description:
          'Keeps the comment order the student chose (`best`, `top`, `new` or `old`) in their UserInfo.',
        body: commentSortBodySchema,
        response: { 200: settingsResponses.user, ...refusals(400, 401) },
      },
    },
    async (request) => ({
      msg: SETTINGS.updated,
      user: await settings.setCommentSort(requireUser(request), request.body.sort),
    }),
  );

  const imageRoute = (
    path: string,
    fileField: string,
    field: UserImageField,
    status: 200 | 202,
    msg: string,
  ) =>
    r.post(
      path,
      {
        schema: {
          tags,
          description: `multipart/form-data: the image file ${fileField}`,
          ...imageFormSchema({ file: { name: fileField, required: true } }),
          response: {
            // a computed key is typed as an index signature: the cast keeps `reply.code(status)` typed
            ...({ [status]: settingsResponses.user } as Record<typeof status, typeof settingsResponses.user>),
            ...refusals(400, 401, 413, 415),
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const form = await readImageForm(request, fileField, []);
        if (!form.image) throw httpError(400, PROFILE.imageRequired);
        return reply.code(status).send({ msg, user: await settings.setImage(user, field, form.image) });
      },
    );
  imageRoute('/uploadImg', 'profileImg', 'dp', 202, PROFILE.avatarUpdated);
  imageRoute('/updatebg', 'bgImg', 'bgImg', 200, PROFILE.bannerUpdated);

  r.delete(
    '/deleteAccount',
    { schema: { tags, response: { 200: msgSchema, ...refusals(401) } } },
    async (request, reply) => {
      await opts.deletion.delete(requireUser(request).userId);
      clearSessionCookie(reply, opts.cookies);
      return { msg: SETTINGS.accountDeleted };
    },
  );
}
