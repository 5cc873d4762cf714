/**
 * One browser against real server processes over HTTP: a cookie jar (XSRF-TOKEN, quad_session), the
 * XSRF echo, and a deadline on every request, so a request the server never answers fails instead of
 * hanging. Requests go to `base` (a balancer) or to the server named in `via`.
 */
import type { SmtpCapture } from './smtpCapture.ts';

/** How long a request may go unanswered before it counts as lost. */
export const ANSWER_TIMEOUT_MS = 15_000;

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export class WebSession {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async send(method: string, path: string, body?: object | FormData, via = this.base): Promise<Answer> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.send('GET', 'health', undefined, via);
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(`${via}${path.startsWith('/') ? path : `/api/${path}`}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(body) : body,
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      const gone = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
  }

  get = (path: string, via?: string) => this.send('GET', path, undefined, via);
  post = (path: string, body?: object | FormData, via?: string) => this.send('POST', path, body, via);
}

/** A failed step of a journey: the status and the start of the body. */
function expectStatus(res: Answer, status: number, step: string): void {
  if (res.status !== status) throw new Error(`${step}: ${res.status} ${res.text.slice(0, 300)}`);
}

/** Signs up and verifies the mailed code: the session ends signed in. Returns the user's id. */
export async function signUp(
  session: WebSession,
  smtp: SmtpCapture,
  account: { email: string; username: string; password: string },
): Promise<string> {
  const mark = smtp.mails.length;
  const signup = await session.post('auth/signup', account);
  expectStatus(signup, 202, `sign-up of ${account.username}`);
  const userID = signup.json<{ userID: string }>().userID;
  const otp = await smtp.latestOtp(account.email, { after: mark });
  const verify = await session.post('auth/varifyotp', { userID, email: account.email, otp });
  expectStatus(verify, 202, `verifying ${account.username}`);
  return userID;
}

/** Signs in with a password: the session ends signed in. */
export async function signIn(session: WebSession, login: { email: string; password: string }): Promise<void> {
  expectStatus(await session.post('auth/signin', login), 202, `sign-in of ${login.email}`);
}
