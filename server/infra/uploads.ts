/**
 * GET /uploads/<key>: the stored files (post images and their smaller copies, made on first request
 * for older uploads: imageStore.ts), from whatever Storage holds them. Keys carry a fresh UUID per
 * upload and a copy's name its size, so a file never changes under its URL: cached for a year, immutable.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH } from '../../src/domain/messages.ts';
import { readImage } from './imageStore.ts';
import { type Storage, UPLOADS_PREFIX } from './storage.ts';

export function installUploads(app: FastifyInstance, storage: Storage): void {
  app.get<{ Params: { '*': string } }>(
    `${UPLOADS_PREFIX}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const file = await readImage(storage, request.params['*'], request.log);
      if (!file) return reply.code(404).send({ msg: AUTH.notFound });
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}
