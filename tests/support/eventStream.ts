/**
 * A server-sent-event client for tests: opens `GET /api/events` with a session cookie over real
 * HTTP (inject cannot hold a stream open), parses what arrives, and waits for events by name.
 */
import type { LiveEvents } from '../../src/domain/live.ts';

export interface ReceivedEvent {
  /** The SSE event name; `:` for a comment line (a heartbeat). */
  name: string;
  id: string | null;
  data: unknown;
}

export interface OpenedStream {
  status: number;
  /** The refusal's JSON body when the status is not 200. */
  refusal: unknown;
  headers: Headers;
  events: ReceivedEvent[];
  /** Resolves with the first event (from `from` on) that has this name and passes `match`. */
  next<K extends keyof LiveEvents>(
    name: K,
    match?: (data: LiveEvents[K]) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<{ id: string | null; data: LiveEvents[K] }>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export interface StreamOptions {
  cookie: string;
  watch?: string;
  lastEventId?: string;
  /** Sent as the Last-Event-ID header. */
  lastEventIdHeader?: string;
  address?: string;
}

export async function openEventStream(baseUrl: string, options: StreamOptions): Promise<OpenedStream> {
  const url = new URL('/api/events', baseUrl);
  if (options.watch) url.searchParams.set('watch', options.watch);
  if (options.lastEventId) url.searchParams.set('lastEventId', options.lastEventId);
  const abort = new AbortController();
  const headers: Record<string, string> = { cookie: options.cookie, accept: 'text/event-stream' };
  if (options.lastEventIdHeader) headers['last-event-id'] = options.lastEventIdHeader;
  if (options.address) headers['x-forwarded-for'] = options.address;
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  if (response.status !== 200) {
    const refusal = await response.json().catch(() => null);
    return {
      status: response.status,
      refusal,
      headers: response.headers,
      events,
      next: () => Promise.reject(new Error(`stream refused: ${response.status}`)),
      ended: Promise.resolve(),
      close: () => undefined,
    };
  }

  const ended = (async () => {
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffer += chunk.value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          events.push(parseBlock(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // aborted by close()
    } finally {
      notify();
    }
  })();

  let done = false;
  void ended.then(() => {
    done = true;
  });

  return {
    status: 200,
    refusal: null,
    headers: response.headers,
    events,
    ended,
    close: () => abort.abort(),
    next(name, match = () => true, { from = 0, timeoutMs = 5_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find((event) => event.name === name && match(event.data as never));
          if (found) {
            cleanup();
            resolve({ id: found.id, data: found.data as never });
          } else if (done) {
            cleanup();
            reject(new Error(`stream ended before ${name}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${name} within ${timeoutMs} ms; got ${events.map((e) => e.name).join(', ')}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

function parseBlock(block: string): ReceivedEvent {
  let name = 'message';
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { name: ':', id: null, data: null };
    const colon = line.indexOf(':');
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  return { name, id, data: data.length ? JSON.parse(data.join('\n')) : null };
}
