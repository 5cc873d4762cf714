/**
 * Which errors mean "the database is away" (restarting, stopped, unreachable, too slow) rather than
 * "this request is wrong": those are answered 503 with Retry-After, never 500, and the pool replaces
 * the connection on the next query, so service resumes by itself when the database is back.
 */

/** SQLSTATE classes and codes of a lost or refused connection, a shutdown, or a cancelled statement. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
]);
const UNAVAILABLE_SQLSTATE_CLASSES = ['08']; // connection exception

/** Node socket errors of a connection that cannot be made or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** pg's own errors carry no code: a connection cut mid-query, or a pool or query time-out. */
const UNAVAILABLE_DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isUnavailableCause(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    if (code.length === 5 && UNAVAILABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_DRIVER_MESSAGES.some((m) => message.startsWith(m));
}

/** The error and every error it wraps (Drizzle wraps the driver's), stopping at a cycle. */
function* causes(error: unknown): Generator<object> {
  const seen = new Set<unknown>();
  for (let e = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e;
  }
}

/** True when the error, or any error it wraps, is a database outage. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (isUnavailableCause(e)) return true;
    // AggregateError: a connect to a host with several addresses (localhost: ::1 and 127.0.0.1)
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((x) => x && typeof x === 'object' && isUnavailableCause(x))) {
      return true;
    }
  }
  return false;
}

/** The SQLSTATE (or socket code) of a database error, for logs: never its message, which may quote values. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** How long a client should wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 2;
