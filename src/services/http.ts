/**
 * The one HTTP client of the app (spec §7): same-origin /api/, cookies, the XSRF cookie echoed in
 * X-XSRF-TOKEN, JSON bodies (a FormData goes as multipart, the browser writing its boundary), no
 * timeout. Built on fetch: axios was 21 KB of the 150 KB of gzip every first load paid for
 * (docs/decisions.md "First load").
 */

type Params = Record<string, string | number | boolean | null | undefined>;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to /api/. */
  url: string;
  params?: Params;
  data?: unknown;
}

export interface HttpResponse {
  status: number;
  data: unknown;
}

/** Sends a request and answers with whatever status came; throws only when no answer came. */
export type HttpAdapter = (request: HttpRequest) => Promise<HttpResponse>;

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The address a request goes to (server/infra/spa.ts preloads the home feed's by it). */
export function requestPath({ url, params }: Pick<HttpRequest, 'url' | 'params'>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const text = query.toString();
  return `/api/${url}${text ? `?${text}` : ''}`;
}

function xsrfToken(): string | undefined {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  return cookie === undefined ? undefined : decodeURIComponent(cookie.slice(XSRF_COOKIE.length + 1));
}

/** JSON when the body is JSON, else the text as is (an empty body is ''). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const fetchAdapter: HttpAdapter = async ({ method, url, params, data }) => {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  const token = xsrfToken();
  if (token !== undefined) headers[XSRF_HEADER] = token;
  let body: BodyInit | undefined;
  if (data instanceof FormData) body = data;
  else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }
  let response: Response;
  try {
    response = await fetch(requestPath({ url, params }), {
      method,
      headers,
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new Error('Network Error');
  }
  return { status: response.status, data: parsed(await response.text()) };
};

/** An answer outside 2xx, before it becomes an ApiError. */
class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`Request failed with status code ${status}`);
  }
}

async function send<T>(request: HttpRequest): Promise<{ data: T }> {
  const { status, data } = await http.defaults.adapter(request);
  if (status < 200 || status >= 300) throw new HttpStatusError(status, data);
  return { data: data as T };
}

export const http = {
  /** The transport; views tests put a fake server here. */
  defaults: { adapter: fetchAdapter },
  get: <T>(url: string, config: { params?: Params } = {}) => send<T>({ method: 'GET', url, ...config }),
  post: <T>(url: string, data?: unknown) => send<T>({ method: 'POST', url, data }),
  delete: <T>(url: string, config: { params?: Params; data?: unknown } = {}) =>
    send<T>({ method: 'DELETE', url, ...config }),
};

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

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpStatusError) {
    const { data, status } = error;
    const msg =
      data && typeof data === 'object' && 'msg' in data && typeof data.msg === 'string'
        ? data.msg
        : error.message;
    if (status === 429) for (const listener of rateLimitListeners) listener(msg);
    return new ApiError(status, msg, data);
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

/** Runs a request and rethrows any failure as an ApiError. */
export async function request<T>(run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    throw toApiError(error);
  }
}
