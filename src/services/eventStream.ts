/**
 * A server-sent event stream in the browser (`EventSource`, same origin, the session cookie sent as
 * with every request). The stream is the caller's to restart: at its first error it is closed, so the
 * browser's own reconnect (without our `lastEventId` and backoff) never runs.
 */

export interface EventStreamHandlers {
  /** An event of one of the names listened to: its SSE `event:` name, `id:` and `data:` text. */
  event(name: string, id: string, data: string): void;
  /** The stream failed to open or was cut. */
  error(): void;
}

/** Opens `url` and hears the events named `names`; returns what closes it. */
export function openEventStream(
  url: string,
  names: readonly string[],
  handlers: EventStreamHandlers,
): () => void {
  const source = new EventSource(url);
  for (const name of names) {
    source.addEventListener(name, (event) => handlers.event(name, event.lastEventId, event.data));
  }
  source.addEventListener('error', () => {
    source.close();
    handlers.error();
  });
  return () => source.close();
}
