/** The one HTTP client of the app (spec §7): same-origin /api/, cookies, XSRF echo, no timeout. */
import axios, { isAxiosError } from 'axios';

export const http = axios.create({
  baseURL: '/api/',
  withCredentials: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  timeout: 0,
  headers: { 'Content-Type': 'application/json' },
});

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
  if (isAxiosError(error)) {
    const data: unknown = error.response?.data;
    const msg =
      data && typeof data === 'object' && 'msg' in data && typeof data.msg === 'string'
        ? data.msg
        : error.message;
    return new ApiError(error.response?.status ?? 0, msg, data);
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
