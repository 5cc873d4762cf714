/**
 * JSON bodies must be UTF-8. Fastify's own parser decodes the bytes first, turning bytes that are not
 * UTF-8 into U+FFFD and accepting the result: stored text would differ from what was sent, the silent
 * change the one validation layer refuses for lone surrogates (textIssues.ts). This parser reads the
 * bytes, refuses them with a 400 unless they are UTF-8, then parses as Fastify does (prototype
 * poisoning refused).
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { httpError, SERVER_MESSAGES } from './errors.ts';

export function acceptUtf8JsonOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(httpError(400, SERVER_MESSAGES.jsonNotUtf8), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });
}
