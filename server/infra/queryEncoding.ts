/**
 * A query must be UTF-8, percent-encoded, as a JSON body must be UTF-8 (jsonBody.ts). Fastify's query
 * parser keeps a sequence it cannot decode as it came (`key=a%FFb` reaches the route as those five
 * characters), so a route would take text the client never meant. Before validation, each key and
 * value of the query of a route that reads one is decoded strictly; the first that fails is a 400
 * naming it.
 */
import type { FastifyInstance } from 'fastify';
import { httpError, SERVER_MESSAGES } from './errors.ts';

export function refuseMalformedQueries(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.schema?.querystring) return;
    const start = request.url.indexOf('?');
    const field = start < 0 ? null : malformedQueryField(request.url.slice(start + 1));
    if (field !== null) throw httpError(400, `${field}: ${SERVER_MESSAGES.queryNotUtf8}`);
  });
}

/** The first field whose key or value is not percent-encoded UTF-8 (its key as sent when the key is not), or null. */
function malformedQueryField(query: string): string | null {
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const sentKey = equals < 0 ? pair : pair.slice(0, equals);
    const key = decoded(sentKey);
    if (key === null) return sentKey;
    if (equals >= 0 && decoded(pair.slice(equals + 1)) === null) return key;
  }
  return null;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
