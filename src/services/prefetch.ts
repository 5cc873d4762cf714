/**
 * Requests started while the app's code is still starting up (views/app/screenData.ts), kept for the
 * one caller that asks for the same thing first. The screen's first page is then on its way before the
 * screen exists instead of after it mounts; on / the largest paint waits for it. An answer is used
 * once and only while fresh; a failed one is asked again; any other call goes to the server as usual.
 */
const FRESH_FOR_MS = 10_000;

interface Prefetched {
  answer: Promise<unknown>;
  at: number;
}

const prefetched = new Map<string, Prefetched>();

export function prefetch(key: string, request: () => Promise<unknown>): void {
  const answer = request();
  // Whoever takes it handles a failure (by asking again); unclaimed, it is only dropped.
  answer.catch(() => undefined);
  prefetched.set(key, { answer, at: Date.now() });
}

/** The prefetched answer for `key` when there is a fresh one (used up by this call), else `request()`. */
export function takePrefetched<T>(key: string, request: () => Promise<T>): Promise<T> {
  const found = prefetched.get(key);
  prefetched.delete(key);
  if (!found || Date.now() - found.at > FRESH_FOR_MS) return request();
  return (found.answer as Promise<T>).catch(() => request());
}
