/**
 * The HTTP side: signs in a pool of bench accounts the way a browser does (the XSRF cookie from a
 * first response, then auth/signin with it echoed in X-XSRF-TOKEN), then drives each scenario with
 * autocannon, every request sent as a random signed-in account with its cookies and XSRF header.
 */
import autocannon from 'autocannon';
import { BENCH_PASSWORD } from './campus.ts';
import type { BenchAccount, Fixtures } from './fixtures.ts';
import { pickOne } from './fixtures.ts';
import type { Rate } from './raw.ts';
import type { Scenario } from './scenarios.ts';

export interface Session {
  account: BenchAccount;
  cookie: string;
  xsrf: string;
}

export interface HttpRate extends Rate {
  /** Requests without an answer within 10 s (autocannon counts them in `errors` too). */
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
}

const cookieValue = (setCookies: string[], name: string) =>
  setCookies
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

async function signIn(url: string, account: BenchAccount): Promise<Session> {
  const first = await fetch(`${url}/api/health`);
  const xsrf = cookieValue(first.headers.getSetCookie(), 'XSRF-TOKEN');
  if (!xsrf) throw new Error('the server set no XSRF-TOKEN cookie');
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: account.email, password: BENCH_PASSWORD }),
  });
  const token = cookieValue(res.headers.getSetCookie(), 'quad_session');
  if (res.status !== 202 || !token)
    throw new Error(`sign-in of ${account.username}: ${res.status} ${await res.text()}`);
  return { account, xsrf, cookie: `quad_session=${token}; XSRF-TOKEN=${xsrf}` };
}

/** Signs in `count` accounts, four at a time (each sign-in is an argon2 verification). */
export async function signInPool(url: string, accounts: BenchAccount[], count: number): Promise<Session[]> {
  const chosen = accounts.slice(0, count);
  const sessions: Session[] = [];
  for (let first = 0; first < chosen.length; first += 4) {
    sessions.push(...(await Promise.all(chosen.slice(first, first + 4).map((a) => signIn(url, a)))));
  }
  return sessions;
}

async function cannon(
  url: string,
  scenario: Scenario,
  fixtures: Fixtures,
  sessions: Session[],
  connections: number,
  seconds: number,
) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const call = scenario.http(fixtures);
          const session = pickOne(sessions);
          const headers: Record<string, string> = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
          if (call.body !== undefined) headers['content-type'] = 'application/json';
          return {
            ...request,
            method: call.method,
            path: call.path,
            headers,
            body: call.body === undefined ? undefined : JSON.stringify(call.body),
          };
        },
      },
    ],
  });
}

const DRAIN_TIMEOUT_MS = 60_000;

/**
 * Waits until the server answers a health check quickly again: requests of a finished run that the
 * server had already accepted must not be counted against the next scenario.
 */
export async function drain(url: string): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const start = performance.now();
    const ok = await fetch(`${url}/api/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok && performance.now() - start < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function httpRate(
  url: string,
  scenario: Scenario,
  fixtures: Fixtures,
  sessions: Session[],
  connections: number,
  seconds: number,
  warmupSeconds: number,
): Promise<HttpRate> {
  await cannon(url, scenario, fixtures, sessions, connections, warmupSeconds);
  await drain(url);
  const result = await cannon(url, scenario, fixtures, sessions, connections, seconds);
  await drain(url);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]),
  );
  const requests = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  return {
    requests,
    rps: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
  };
}
