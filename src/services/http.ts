/**
 * The one HTTP client of the app (spec §7): axios on same-origin /api/, cookies, the XSRF cookie
 * echoed in X-XSRF-TOKEN, no timeout. Its XMLHttpRequest adapter, not fetch: that one sends a
 * bodyless POST with a form content type, which the server refuses (415).
 *
 * axios loads with the first call: a page the server rendered runs without asking anything, so the
 * client stays out of its first load (docs/first-load-budget.json).
 */
import type { AxiosAdapter, AxiosError, AxiosInstance } from 'axios';

let client: Promise<AxiosInstance> | null = null;
let adapter: AxiosAdapter | null = null;

/** The client, made on first use. */
function http(): Promise<AxiosInstance> {
  client ??= import('axios').then(({ default: axios }) =>
    axios.create({
      baseURL: '/api/',
      xsrfCookieName: 'XSRF-TOKEN',
      xsrfHeaderName: 'X-XSRF-TOKEN',
      timeout: 0,
      headers: { 'Content-Type': 'application/json' },
      ...(adapter ? { adapter } : {}),
    }),
  );
  return client;
}

/** Hands every call to `answer` instead of the network (the server's render, server/render). */
export function answerCallsWith(answer: AxiosAdapter): void {
  adapter = answer;
  client = null;
}

export type Params = Record<string, string | number | boolean | null | undefined>;

/** The address a request goes to, as the server's preloads name it. */
export function requestPath({ url, params }: { url?: string; params?: Params }): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const text = query.toString();
  return `/api/${url ?? ''}${text ? `?${text}` : ''}`;
}

type RateLimitListener = (msg: string) => void;
const rateLimitListeners = new Set<RateLimitListener>();

/**
 * Hears every 429 of the request-rate limit, whichever flow sent the request (many flows only log
 * their failures, spec §8, but a person must learn why nothing happens). Returns the unsubscribe.
 */
export function onRateLimited(listener: RateLimitListener): () => void {
  rateLimitListeners.add(listener);
  return () => rateLimitListeners.delete(listener);
}

/**
 * An HTTP failure as the machines see it: the status (0 without a response), the server's msg, and
 * the body when a failure carries more (a private room's 403 names the room).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** axios's failure, told by its mark (`isAxiosError` would need the library loaded). */
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    const data: unknown = error.response?.data;
    const status = error.response?.status ?? 0;
    const msg =
      data && typeof data === 'object' && 'msg' in data && typeof data.msg === 'string'
        ? data.msg
        : error.message;
    if (status === 429) for (const listener of rateLimitListeners) listener(msg);
    return new ApiError(status, msg, data);
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

/** Runs a request on the client and rethrows any failure as an ApiError. */
export async function request<T>(run: (client: AxiosInstance) => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run(await http())).data;
  } catch (error) {
    throw toApiError(error);
  }
}
