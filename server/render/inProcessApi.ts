/**
 * The app's own API client, answered in-process while the server renders a page: the browser's axios
 * client (src/services/http.ts) is given an adapter that hands each call to Fastify's `inject` with
 * the viewer's cookies and address. The machines' actors therefore get exactly what the browser would
 * get for the same viewer (the same routes, visibility rule, response schemas, refusals and request
 * limits) without a socket, and the render knows when they have stopped asking (`quiet`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type AxiosAdapter, AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerCallsWith, type Params, requestPath } from '../../src/services/http.ts';
import { httpApi, type QuadApi } from '../../src/system/api.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../infra/csrf.ts';
import { SESSION_COOKIE } from '../infra/session.ts';

/** The calls of one render: the API that makes them, when they have stopped, the cookie they renewed. */
export interface RenderCalls {
  /** The app's API object, every call of which is counted until it has answered. */
  api: QuadApi;
  /** Resolves once no call is on its way and none followed within a turn of the event loop. */
  quiet(): Promise<void>;
  /** The renewed session cookie (`Set-Cookie`) of the calls, for the page's answer. */
  sessionCookie(): string | null;
}

interface CallScope {
  app: FastifyInstance;
  viewer: FastifyRequest;
  pending: number;
  waiters: Set<() => void>;
  sessionCookie: string | null;
}

/** A renewal of the session cookie among an answer's cookies (the XSRF cookie is the page's own). */
function renewedSession(setCookie: string | string[] | undefined): string | null {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)) ?? null;
}

const scopes = new AsyncLocalStorage<CallScope>();

/**
 * Only reads are made while rendering: GETs, and the session restore, which the spec makes a POST but
 * changes nothing. Anything else would be a chart acting on its own during a render, and is refused.
 */
const isRead = (method: string, url: string | undefined) =>
  method === 'get' || (method === 'post' && url === 'auth/refreshsignin');

const forwardedHeaders = (viewer: FastifyRequest) => {
  const headers: Record<string, string> = { accept: 'application/json' };
  const { cookie, 'user-agent': userAgent } = viewer.headers;
  if (cookie) headers.cookie = cookie;
  if (userAgent) headers['user-agent'] = userAgent;
  // The restore's POST passes the CSRF check as the browser's would: with the viewer's own token.
  const xsrf = viewer.cookies[XSRF_COOKIE];
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  return headers;
};

const inProcess: AxiosAdapter = async (config) => {
  const scope = scopes.getStore();
  const method = (config.method ?? 'get').toLowerCase();
  if (!scope || !isRead(method, config.url)) {
    throw new AxiosError(`no ${method} call of the API from the server's render`, 'ERR_NOT_SUPPORT', config);
  }
  try {
    const answer = await scope.app.inject({
      method: method === 'post' ? 'POST' : 'GET',
      url: requestPath({ url: config.url, params: config.params as Params | undefined }),
      headers: forwardedHeaders(scope.viewer),
      remoteAddress: scope.viewer.ip,
    });
    scope.sessionCookie = renewedSession(answer.headers['set-cookie']) ?? scope.sessionCookie;
    const isJson = String(answer.headers['content-type'] ?? '').includes('json');
    const response: AxiosResponse = {
      data: isJson && answer.body ? JSON.parse(answer.body) : answer.body,
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: new AxiosHeaders(answer.headers as Record<string, string>),
      config,
      request: null,
    };
    if (answer.statusCode >= 200 && answer.statusCode < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.statusCode}`,
      answer.statusCode >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  } catch (error) {
    if (error instanceof AxiosError) throw error;
    throw new AxiosError(`the in-process call failed: ${String(error)}`, AxiosError.ERR_BAD_RESPONSE, config);
  }
};

answerCallsWith(inProcess);

/**
 * The app's API object, each call counted in the render it belongs to until it has answered: counted
 * from the actor's call, not from the request, since the client first loads axios (http.ts). Built
 * once; the render is found through the async context, like the adapter's.
 */
const countedApi = Object.fromEntries(
  Object.entries(httpApi).map(([name, call]) => [
    name,
    (...args: unknown[]) => {
      const answer: unknown = (call as (...a: unknown[]) => unknown)(...args);
      const scope = scopes.getStore();
      if (!scope || !(answer instanceof Promise)) return answer;
      scope.pending += 1;
      const finished = () => {
        scope.pending -= 1;
        if (scope.pending === 0) for (const wake of [...scope.waiters]) wake();
      };
      answer.then(finished, finished);
      return answer;
    },
  ]),
) as QuadApi;

/** Runs `render` with the API answering in-process for `viewer`. */
export function withInProcessApi<T>(
  app: FastifyInstance,
  viewer: FastifyRequest,
  render: (calls: RenderCalls) => T,
): T {
  const scope: CallScope = { app, viewer, pending: 0, waiters: new Set(), sessionCookie: null };
  const settledTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const idle = () =>
    scope.pending === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const wake = () => {
            scope.waiters.delete(wake);
            resolve();
          };
          scope.waiters.add(wake);
        });
  const quiet = async (): Promise<void> => {
    // An answer's actor may ask the next thing (the session: restore, then the user, then the
    // notifications): quiet once a turn has passed with nothing on its way.
    do {
      await idle();
      await settledTurn();
    } while (scope.pending > 0);
  };
  return scopes.run(scope, () =>
    render({ api: countedApi, quiet, sessionCookie: () => scope.sessionCookie }),
  );
}
