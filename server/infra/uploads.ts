/**
 * GET /uploads/<key>: the stored files (post images and their smaller copies, made on first request
 * for older uploads: imageStore.ts), from whatever Storage holds them, to whoever may see what they
 * show (server/modules/safety/uploadAccess.ts): 404 for an image whose post, room or account is gone
 * or unreadable to the viewer (a private room's to a non-member), 410 once moderators removed it.
 *
 * A file never changes under its URL (a fresh UUID per upload, a copy's name carries its size), but
 * who may see it does: it is sent `private, no-cache` with the key as its ETag, so no shared cache
 * keeps it and a browser asks again (a 304 while it may still see it) each time it shows it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH } from '../../src/domain/messages.ts';
import type { UploadAccess } from '../modules/safety/uploadAccess.ts';
import { readImage } from './imageStore.ts';
import { SESSION_COOKIE } from './session.ts';
import { type Storage, UPLOADS_PREFIX } from './storage.ts';

export interface UploadRules {
  /** What the viewer may do with the file at `key`. */
  access(key: string, viewerId: string | null): Promise<UploadAccess>;
  /** The signed-in viewer of a request (its session cookie), or null. */
  viewer(request: FastifyRequest): Promise<string | null>;
}

const REMOVED = 'Removed by moderators';

export function installUploads(app: FastifyInstance, storage: Storage, rules: UploadRules): void {
  app.get<{ Params: { '*': string } }>(
    `${UPLOADS_PREFIX}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      const access = await rules.access(key, await rules.viewer(request));
      reply.header('cache-control', 'private, no-cache');
      if (access === 'removed') return reply.code(410).send({ msg: REMOVED });
      if (access === 'unseen') return reply.code(404).send({ msg: AUTH.notFound });
      const etag = `"${key}"`;
      if (request.headers['if-none-match'] === etag) return reply.code(304).header('etag', etag).send();
      const file = await readImage(storage, key, request.log);
      if (!file) return reply.code(404).send({ msg: AUTH.notFound });
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}

/** The viewer of an upload request: the session cookie resolved as the API resolves it. */
export const sessionViewer =
  (sessions: { resolve(token: string): Promise<{ user: { userId: string } } | null> }) =>
  async (request: FastifyRequest): Promise<string | null> => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    return (await sessions.resolve(token))?.user.userId ?? null;
  };
