/**
 * GET /api/events: a signed-in tab's server-sent-event stream (docs/api.md "Live events"). The
 * request is checked like any other (session, what it watches, the stream limits) before the
 * response turns into the stream.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_EVENT_NAMES, watchParam } from '../../../src/domain/live.ts';
import { eventsQuerySchema } from '../../../src/domain/liveSchemas.ts';
import { LIVE } from '../../../src/domain/messages.ts';
import { httpError, refusals } from '../../infra/errors.ts';
import { requireUser } from '../../infra/session.ts';
import type { LiveHub } from './hub.ts';
import type { LiveReads } from './reads.ts';
import { LiveStream } from './stream.ts';

/** What a HEAD request is answered: the stream's type, without the stream. */
const HEAD_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
};
const STREAM_HEADERS = {
  ...HEAD_HEADERS,
  connection: 'keep-alive',
  // nginx and some proxies buffer responses unless told not to.
  'x-accel-buffering': 'no',
};

export async function liveRoutes(
  app: FastifyInstance,
  opts: { hub: LiveHub; reads: LiveReads },
): Promise<void> {
  const { hub, reads } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/events',
    {
      schema: {
        tags: ['live'],
        summary: 'The live event stream of a signed-in tab (text/event-stream)',
        description: `Server-sent events: ${LIVE_EVENT_NAMES.join(', ')}. Each has an id; send the last one back as Last-Event-ID (or lastEventId) to resume. Heartbeats are comment lines.`,
        querystring: eventsQuerySchema,
        produces: ['text/event-stream'],
        response: {
          200: z
            .string()
            .describe('text/event-stream: `id:`, `event:` and one `data:` line of JSON per event'),
          ...refusals(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // What the viewer may not read is not watched, but the stream still opens: `EventSource` cannot
      // tell a refusal from a network failure, and the tab's notifications must keep coming.
      const asked = request.query.watch ?? null;
      const watch = asked && (await reads.watchable(asked, user.userId)) ? asked : null;
      const admission = hub.admits(user.userId, request.ip);
      if (admission !== 'ok') {
        throw httpError(429, admission === 'account' ? LIVE.tooManyForAccount : LIVE.tooManyForAddress);
      }
      // HEAD gets the stream's status and headers and nothing else: it holds no slot, and a HEAD
      // response would never end if it turned into a stream.
      if (request.method === 'HEAD') return reply.code(200).headers(HEAD_HEADERS).send('');
      const header = request.headers['last-event-id'];
      const lastEventId = (typeof header === 'string' ? header : null) ?? request.query.lastEventId ?? null;

      reply.hijack();
      reply.raw.writeHead(200, STREAM_HEADERS);
      const owner = { userId: user.userId, sessionId: user.sessionId, address: request.ip };
      const stream = new LiveStream(reply.raw, owner, watch);
      const position = hub.position();
      stream.send('ready', lastEventId ?? position, { watch: watch && watchParam(watch) });
      try {
        if (!(await hub.join(stream, lastEventId))) {
          stream.send('reload', position, {});
          await hub.join(stream, null);
        }
      } catch (error) {
        // The catch-up could not be read (the database went away): the tab reconnects later.
        request.log.warn({ err: error }, 'live: resume failed');
        stream.close();
      }
    },
  );
}
