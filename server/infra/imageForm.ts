/**
 * The multipart forms that carry an image (posts, rooms, profile pictures): the wanted text fields,
 * and at most one file under the given name, buffered.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '../../src/domain/constants.ts';
import { POSTS } from '../../src/domain/messages.ts';
import { HttpError, httpError, SERVER_MESSAGES } from './errors.ts';

/** Lets the routes of this scope read image forms: one file of at most the upload limit, and these text limits. */
export async function acceptImageForms(
  app: FastifyInstance,
  limits: { fields: number; parts: number; fieldSize: number },
): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.uploadBytesMax, files: 1, ...limits } });
}

export async function readImageForm(
  request: FastifyRequest,
  imageField: string,
  textFields: readonly string[],
): Promise<{ fields: Record<string, string>; image: Buffer | null }> {
  if (!request.isMultipart()) throw httpError(415, SERVER_MESSAGES.unsupportedMediaType);
  const wanted = new Set(textFields);
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read to the end either way, or the form never finishes parsing.
        const data = await part.toBuffer();
        if (part.fieldname !== imageField || image) throw httpError(400, POSTS.imageOnly);
        if (data.length > 0) image = data;
      } else if (part.valueTruncated) {
        throw httpError(413, SERVER_MESSAGES.bodyTooLarge);
      } else if (wanted.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, POSTS.imageTooLarge);
    if (code === 'FST_FILES_LIMIT') throw httpError(400, POSTS.imageOnly);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw httpError(413, SERVER_MESSAGES.bodyTooLarge);
    if (error instanceof HttpError || code?.startsWith('FST_')) throw error;
    // busboy's own errors carry no code: a missing boundary, or a body cut before its last one
    throw httpError(400, SERVER_MESSAGES.malformedForm);
  }
  return { fields, image };
}
