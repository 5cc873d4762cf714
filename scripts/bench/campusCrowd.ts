/**
 * The campus-hour driver: simulated students on one bounded undici Pool of keep-alive connections to
 * the bench server. Each student signs in (the first student of a bench account signs in for real;
 * the others of that account take its session, as 256 accounts are shared by thousands of students),
 * opens the app (campusMix.ts APP_OPEN), then acts every 3-15 s (campusMix.ts nextAction), polls
 * notifications every 30 s and reopens the app every 5-25 minutes. Every request has a 10 s timeout
 * and is recorded by kind in the recorder current when its action started (none during a warm-up).
 * Students stop at `deadline` (the end of the current step, moved on by the next one) and at stop().
 */
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { BENCH_PASSWORD } from './campus.ts';
import {
  APP_OPEN,
  type CampusCall,
  NOTIFICATION_POLL_SECONDS,
  NOTIFICATIONS,
  nextAction,
  REOPEN_MINUTES,
  type RequestKind,
  THINK_SECONDS,
  uniform,
} from './campusMix.ts';
import type { BenchAccount, Fixtures } from './fixtures.ts';
import type { Session } from './http.ts';

export const REQUEST_TIMEOUT_MS = 10_000;

/** One request: its kind, time to the whole answer, and status (0: no answer within the timeout). */
export interface Sample {
  kind: RequestKind;
  ms: number;
  status: number;
}

/** What one window of the bench saw: every request, and every whole app open. */
export class Recorder {
  readonly samples: Sample[] = [];
  /** Whole app opens that succeeded, from the page request to the last answer (ms). */
  readonly appOpens: number[] = [];
  failedOpens = 0;
  #inFlight = 0;
  #idle: (() => void) | null = null;

  started(): void {
    this.#inFlight += 1;
  }

  /** The end of a started request: its sample, or null when the bench cut it short (not the server). */
  finished(sample: Sample | null): void {
    if (sample) this.samples.push(sample);
    this.#inFlight -= 1;
    if (this.#inFlight === 0) this.#idle?.();
  }

  /** Resolves when the requests started in this window have ended (they end within the timeout). */
  settled(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#idle = resolve;
    });
  }
}

/** Sessions by bench account id, kept across the crowds of a section (on one server). */
export type SessionCache = Map<string, Promise<Session | null>>;

const OK = (status: number) => status >= 200 && status < 300;

function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export class Crowd {
  /** Where requests are recorded now; null during a warm-up. */
  recorder: Recorder | null = null;
  /** Every sign-in of the section (they happen mostly during the first warm-up). */
  readonly signIns = new Recorder();
  /** performance.now() after which students stop. */
  deadline = 0;
  readonly #pool: Pool;
  readonly #stop = new AbortController();
  readonly #students: Promise<void>[] = [];

  constructor(
    url: string,
    connections: number,
    private readonly fixtures: Fixtures,
    private readonly sessions: SessionCache,
  ) {
    // every waiting student listens to it
    setMaxListeners(0, this.#stop.signal);
    this.#pool = new Pool(url, {
      connections,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: REQUEST_TIMEOUT_MS,
      bodyTimeout: REQUEST_TIMEOUT_MS,
    });
  }

  get size(): number {
    return this.#students.length;
  }

  /** Adds students until there are `target`, spread evenly over `overMs`. */
  async grow(target: number, overMs: number): Promise<void> {
    const adding = target - this.size;
    const gap = adding > 0 ? overMs / adding : 0;
    for (let n = 0; n < adding && this.#alive(); n += 1) {
      const account = this.fixtures.accounts[this.size % this.fixtures.accounts.length] as BenchAccount;
      this.#students.push(this.#student(account));
      await this.#pause(gap);
    }
  }

  /** Signs in every bench account before the students come, `concurrency` at a time. */
  async signInAll(concurrency: number): Promise<void> {
    const accounts = this.fixtures.accounts;
    for (let first = 0; first < accounts.length && !this.#stop.signal.aborted; first += concurrency)
      await Promise.all(accounts.slice(first, first + concurrency).map((a) => this.#session(a)));
  }

  /** One app open (the arrival burst), as a student of a random account, recorded in `recorder`. */
  async arrive(recorder: Recorder): Promise<void> {
    const account = this.fixtures.accounts[Math.floor(Math.random() * this.fixtures.accounts.length)];
    const session = account ? await this.#session(account) : null;
    if (session) await this.#openApp(session, recorder);
    else recorder.failedOpens += 1;
  }

  /** Stops every student, ends their requests in flight, and closes the connections. */
  async stop(): Promise<void> {
    this.#stop.abort();
    await Promise.all(this.#students);
    await this.#pool.destroy();
  }

  #alive(): boolean {
    return !this.#stop.signal.aborted && performance.now() < this.deadline;
  }

  /** Waits `ms`, or less when the crowd stops or its deadline comes first. */
  async #pause(ms: number): Promise<void> {
    const wait = Math.min(ms, this.deadline - performance.now());
    if (wait <= 0 || this.#stop.signal.aborted) return;
    await sleep(wait, undefined, { signal: this.#stop.signal }).catch(() => undefined);
  }

  async #student(account: BenchAccount): Promise<void> {
    while (this.#alive()) {
      const session = await this.#session(account);
      if (!session) {
        await this.#pause(uniform(THINK_SECONDS) * 1000);
        continue;
      }
      await this.#openApp(session, this.recorder);
      const reopenAt = performance.now() + uniform(REOPEN_MINUTES) * 60_000;
      let pollAt = performance.now() + NOTIFICATION_POLL_SECONDS * 1000;
      while (this.#alive() && performance.now() < reopenAt) {
        const actAt = performance.now() + uniform(THINK_SECONDS) * 1000;
        if (pollAt <= actAt) {
          await this.#pause(pollAt - performance.now());
          if (!this.#alive()) break;
          await this.#send(NOTIFICATIONS, session, 'notifications', this.recorder);
          pollAt = performance.now() + NOTIFICATION_POLL_SECONDS * 1000;
        }
        await this.#pause(actAt - performance.now());
        if (!this.#alive()) break;
        const action = nextAction(this.fixtures);
        const recorder = this.recorder;
        for (const wave of action.waves) {
          const answers = await Promise.all(wave.map((c) => this.#send(c, session, action.kind, recorder)));
          if (!answers.every(Boolean)) break;
        }
      }
    }
  }

  /** The account's session: signed in by its first student, shared by the others; null on failure. */
  #session(account: BenchAccount): Promise<Session | null> {
    let session = this.sessions.get(account.id);
    if (!session) {
      session = this.#signIn(account);
      this.sessions.set(account.id, session);
      // a failed sign-in is tried again by the next student who needs it
      void session.then((signedIn) => {
        if (!signedIn) this.sessions.delete(account.id);
      });
    }
    return session;
  }

  /** The XSRF cookie from a first response, then POST /api/auth/signin (recorded as `sign-in`). */
  async #signIn(account: BenchAccount): Promise<Session | null> {
    const first = await this.#request({ method: 'GET', path: '/api/health' }, null);
    const xsrf = cookieValue(first.setCookie, 'XSRF-TOKEN');
    if (!xsrf) return null;
    const anonymous: Session = { account, xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
    const body = { email: account.email, password: BENCH_PASSWORD };
    const recorders = [this.signIns, this.recorder].filter((r): r is Recorder => r !== null);
    for (const r of recorders) r.started();
    const answer = await this.#request({ method: 'POST', path: '/api/auth/signin', body }, anonymous);
    for (const r of recorders) r.finished({ kind: 'sign-in', ms: answer.ms, status: answer.status });
    const token = cookieValue(answer.setCookie, 'quad_session');
    return answer.status === 202 && token
      ? { account, xsrf, cookie: `quad_session=${token}; XSRF-TOKEN=${xsrf}` }
      : null;
  }

  /** The app open as the browser sends it (campusMix.ts); its whole time goes to `recorder.appOpens`. */
  async #openApp(session: Session, recorder: Recorder | null): Promise<void> {
    const start = performance.now();
    const opened = await APP_OPEN.open((call) => this.#send(call, session, 'app open', recorder));
    if (!recorder || this.#stop.signal.aborted) return;
    if (opened) recorder.appOpens.push(performance.now() - start);
    else recorder.failedOpens += 1;
  }

  /** One recorded request: whether it was answered with a 2xx. Not recorded when the crowd stops. */
  async #send(call: CampusCall, session: Session, kind: RequestKind, recorder: Recorder | null) {
    recorder?.started();
    const answer = await this.#request(call, session);
    // a request cut short by the end of the section is no answer of the server's
    const cut = this.#stop.signal.aborted && answer.status === 0;
    recorder?.finished(cut ? null : { kind, ms: answer.ms, status: answer.status });
    return OK(answer.status);
  }

  async #request(call: CampusCall, session: Session | null) {
    const headers: Record<string, string> = session
      ? { cookie: session.cookie, 'x-xsrf-token': session.xsrf }
      : {};
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const start = performance.now();
    try {
      const res = await this.#pool.request({
        method: call.method,
        path: call.path,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.any([this.#stop.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      await res.body.arrayBuffer();
      return { status: res.statusCode, ms: performance.now() - start, setCookie: res.headers['set-cookie'] };
    } catch {
      return { status: 0, ms: performance.now() - start, setCookie: undefined };
    }
  }
}
