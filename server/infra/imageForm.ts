/**
 * The multipart forms that carry an image (posts, rooms, profile pictures): the wanted text fields,
 * and at most one file under the given name, buffered. And their description in the OpenAPI document,
 * which Fastify's schemas cannot give: @fastify/multipart reads these bodies, not a body schema.
 */
import fastifyMultipart from '@fastify/multipart';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '../../src/domain/constants.ts';
import { POSTS } from '../../src/domain/messages.ts';
import { HttpError, httpError, SERVER_MESSAGES } from './errors.ts';

/**
 * Lets the routes of this scope that declare an `imageForm` read image forms: one file of at most the
 * upload limit, and these text limits.
 */
export async function acceptImageForms(
  app: FastifyInstance,
  limits: { fields: number; parts: number; fieldSize: number },
): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.uploadBytesMax, files: 1, ...limits } });
  // The scope's other routes take JSON: a form there is refused as any body type but JSON (415).
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.schema?.imageForm)
      throw httpError(415, SERVER_MESSAGES.unsupportedMediaType);
  });
}

const REPLACEMENT_CHARACTER = '\uFFFD';

export async function readImageForm(
  request: FastifyRequest,
  imageField: string,
  textFields: readonly string[],
): Promise<{ fields: Record<string, string>; image: Buffer | null }> {
  if (!request.isMultipart()) throw httpError(415, SERVER_MESSAGES.unsupportedMediaType);
  const boundary = formBoundary(request.headers['content-type']);
  if (!boundary || boundary.length > 70) throw httpError(400, SERVER_MESSAGES.formWithoutBoundary);
  const wanted = new Set(textFields);
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  let parts = 0;
  try {
    for await (const part of request.parts()) {
      parts += 1;
      if (part.type === 'file') {
        // Read to the end either way, or the form never finishes parsing.
        const data = await part.toBuffer();
        if (part.fieldname !== imageField || image) throw httpError(400, POSTS.imageOnly);
        if (data.length > 0) image = data;
      } else if (part.valueTruncated) {
        throw httpError(413, SERVER_MESSAGES.bodyTooLarge);
      } else if (wanted.has(part.fieldname) && typeof part.value === 'string') {
        // busboy decodes a text part with U+FFFD for each sequence that is not UTF-8, and keeps no
        // bytes to check instead: refused, as a JSON body that is not UTF-8 is (jsonBody.ts).
        if (part.value.includes(REPLACEMENT_CHARACTER)) {
          throw httpError(400, `${part.fieldname}: ${SERVER_MESSAGES.formFieldNotUtf8}`);
        }
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
    throw httpError(400, malformedFormMessage(error, parts));
  }
  return { fields, image };
}

/** The boundary parameter of a multipart Content-Type (RFC 2046: 1 to 70 characters), or null. */
function formBoundary(contentType: string | undefined): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;]*))/i.exec(contentType ?? '');
  return match?.[1] || match?.[2] || null;
}

/** What is wrong with the framing of a form, from busboy's error (its errors carry no code). */
function malformedFormMessage(error: unknown, partsRead: number): string {
  const message = error instanceof Error ? error.message : '';
  // A boundary parameter busboy does not find where formBoundary did.
  if (/boundary not found|needle cannot/i.test(message)) return SERVER_MESSAGES.formWithoutBoundary;
  if (/unexpected end of multipart data/i.test(message)) {
    // Nothing came through whole: the boundary never occurs, or the body stops inside the first part.
    return partsRead === 0 ? SERVER_MESSAGES.formWithoutParts : SERVER_MESSAGES.formCutShort;
  }
  return SERVER_MESSAGES.malformedForm;
}

/** The body of a route that reads an image form, as the OpenAPI document shows it. */
export interface ImageFormBody {
  /** The text fields: the zod schema the route checks them with once read (`parseOrRefuse`). */
  fields?: z.ZodObject;
  /** The name of the file part, and whether the route refuses a form without it. */
  file: { name: string; required: boolean };
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart/form-data body, for the OpenAPI document only (`documentImageForms`): Fastify never
     * validates it, as `body` would be; the route reads it with `readImageForm` and checks its fields.
     */
    imageForm?: ImageFormBody;
  }
}

/** The schema keys of a route that reads an image form: the content type it takes and its documented body. */
export const imageFormSchema = (body: ImageFormBody) => ({
  consumes: ['multipart/form-data'],
  imageForm: body,
});

const imageFile = z.file().meta({
  description:
    `A raster image (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF) of at most ${LIMITS.uploadBytesMax / 1024 / 1024} MB ` +
    'and 100 megapixels, whatever its name or type; stored re-encoded as WebP without metadata',
});

/** The form as one object schema: the text fields, and the file part (`format: binary`). */
function formBodySchema({ fields, file }: ImageFormBody): z.ZodObject {
  return z.object({ ...fields?.shape, [file.name]: file.required ? imageFile : imageFile.optional() });
}

/**
 * Wraps the OpenAPI transform of the zod routes: a route's `imageForm` becomes its body for the
 * document alone, so its requestBody is listed under the route's `consumes` (multipart/form-data).
 */
export function documentImageForms<S extends FastifySchema>(
  transform: SwaggerTransform<S>,
): SwaggerTransform<S> {
  return (document) => {
    const { imageForm, ...schema } = document.schema ?? {};
    if (!imageForm) return transform(document);
    return transform({ ...document, schema: { ...schema, body: formBodySchema(imageForm) } as S });
  };
}
