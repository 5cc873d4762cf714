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
  /** Set once the answer has come. */
  value?: { ok: unknown };
}

const prefetched = new Map<string, Prefetched>();

export function prefetch(key: string, request: () => Promise<unknown>): void {
  const entry: Prefetched = { answer: request(), at: Date.now() };
  // Whoever takes it handles a failure (by asking again); unclaimed, it is only dropped.
  entry.answer.then(
    (ok) => {
      entry.value = { ok };
    },
    () => undefined,
  );
  prefetched.set(key, entry);
}

/** Resolves once every prefetch started so far has answered or failed, or after `maxWaitMs`. */
export function prefetchesSettled(maxWaitMs: number): Promise<void> {
  const answers = [...prefetched.values()].map((entry) => entry.answer.catch(() => undefined));
  if (answers.length === 0) return Promise.resolve();
  return Promise.race([
    Promise.all(answers).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs)),
  ]);
}

const isFresh = (entry: Prefetched) => Date.now() - entry.at <= FRESH_FOR_MS;

/**
 * The prefetched answer for `key` if it has already come and is fresh (used up by this call), so that a
 * screen can draw it in its first render; undefined otherwise (and a pending one stays for
 * `takePrefetched`).
 */
export function takeIfArrived<T>(key: string): T | undefined {
  const found = prefetched.get(key);
  if (!found?.value || !isFresh(found)) return undefined;
  prefetched.delete(key);
  return found.value.ok as T;
}

/**
 * The prefetched answer for `key` when there is a fresh one (used up by this call), else `request()`.
 * A failed prefetch is asked again, unless `failuresAreAnswers` (a refusal is then the answer).
 */
export function takePrefetched<T>(
  key: string,
  request: () => Promise<T>,
  { failuresAreAnswers = false } = {},
): Promise<T> {
  const found = prefetched.get(key);
  prefetched.delete(key);
  if (!found || !isFresh(found)) return request();
  const answer = found.answer as Promise<T>;
  return failuresAreAnswers ? answer : answer.catch(() => request());
}
