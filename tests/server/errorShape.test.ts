/**
 * Whichever layer refuses a request (Node's HTTP parser, the router, a body parser, validation, the
 * database), the answer is JSON `{ msg }` with the fitting status. What `inject` cannot send (a bad
 * URL encoding, an oversized request line, garbage) goes over a real socket.
 */
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS } from '../../server/db/faults.ts';
import { SERVER_MESSAGES } from '../../server/infra/errors.ts';
import { AUTH, ROOMS, VALIDATION } from '../../src/domain/messages.ts';
import { type Account, expectError, randomEmail, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let account: Account;
let base: string;

beforeAll(async () => {
  account = await t.signUpAndVerify();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
});

/** Sends raw bytes and reads the answer until the server closes the connection. */
function rawExchange(request: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

async function expectFetched(path: string, status: number, msg: string) {
  const res = await fetch(`${base}${path}`);
  expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { msg } });
}

const multipartOf = (part: string) => {
  const boundary = '----quadtest';
  return {
    body: `--${boundary}\r\n${part}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describe('Node and the router', () => {
  it('answers 431 to a request line over 16 KB, and to oversized headers', async () => {
    const longQuery = await rawExchange(
      `GET /api/health?q=${'x'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect({ ...longQuery, body: JSON.parse(longQuery.body) }).toEqual({
      status: 431,
      body: { msg: SERVER_MESSAGES.headersTooLarge },
    });
    const res = await fetch(`${base}/api/health`, { headers: { 'x-padding': 'y'.repeat(20_000) } });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 431,
      body: { msg: SERVER_MESSAGES.headersTooLarge },
    });
  });

  it('answers 400 to a request that is not HTTP', async () => {
    const res = await rawExchange('HELLO THERE\r\n\r\n');
    expect({ ...res, body: JSON.parse(res.body) }).toEqual({
      status: 400,
      body: { msg: SERVER_MESSAGES.malformedRequest },
    });
  });

  it('answers 400 to a path parameter that is not valid percent-encoding', async () => {
    await expectFetched('/api/u/%ED%A0%80', 400, SERVER_MESSAGES.malformedUrl);
    await expectFetched('/api/rooms/showRoom/%E0%A4%A', 400, SERVER_MESSAGES.malformedUrl);
  });

  it("lets the route's schema answer a long path parameter, and 414 one over 2,048 characters", async () => {
    await expectFetched(`/api/rooms/showRoom/${'x'.repeat(201)}`, 400, `title: ${ROOMS.notFound}`);
    await expectFetched(`/api/rooms/showRoom/${'%C3%A9'.repeat(150)}`, 404, ROOMS.notFound);
    expectError(await account.client.get(`u/${'x'.repeat(120)}`), 400, `email: ${VALIDATION.invalidEmail}`);
    const longAddress = `${'s'.repeat(110)}${randomEmail()}`;
    const owner = await t.signUpAndVerify(undefined, { email: longAddress });
    expect((await owner.client.get(`u/${encodeURIComponent(longAddress)}`)).statusCode).toBe(200);
    await expectFetched(`/api/rooms/showRoom/${'x'.repeat(2049)}`, 414, SERVER_MESSAGES.urlTooLong);
  });

  it('gives the refusals made before routing the security headers of every other answer', async () => {
    const general = new Set([
      'content-type',
      'content-length',
      'date',
      'connection',
      'keep-alive',
      'set-cookie',
    ]);
    const securityHeaders = (res: Response) =>
      Object.fromEntries([...res.headers].filter(([name]) => !general.has(name)));
    const validated = await fetch(`${base}/api/posts/getapost?id=1`);
    expect(validated.status).toBe(400);
    const expected = securityHeaders(validated);
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'x-frame-options']),
    );
    for (const path of ['/api/rooms/showRoom/%E0%A4%A', `/api/rooms/showRoom/${'x'.repeat(2049)}`]) {
      const refused = await fetch(`${base}${path}`);
      expect({ path, status: refused.status, headers: securityHeaders(refused) }).toEqual({
        path,
        status: expect.any(Number),
        headers: expected,
      });
    }
  });

  it('answers 404 to an unknown API route or method', async () => {
    await expectFetched('/api/nothing/here', 404, AUTH.notFound);
    expectError(await account.client.post('auth/nothing', {}), 404, AUTH.notFound);
    expectError(await account.client.send('PUT', 'auth/signin', '{}'), 404, AUTH.notFound);
  });
});

describe('body parsers and validation', () => {
  it('answers 400 to malformed or empty JSON', async () => {
    expectError(await t.client().post('auth/signin', '{"email": '), 400, SERVER_MESSAGES.malformedJson);
    const empty = { 'content-type': 'application/json' };
    expectError(
      await t.client().post('auth/signin', '', { headers: empty }),
      400,
      SERVER_MESSAGES.malformedJson,
    );
  });

  it('answers 400 to a body shorter than its Content-Length', async () => {
    const res = await t.client().post('auth/signin', '{}', { headers: { 'content-length': '10' } });
    expectError(res, 400, SERVER_MESSAGES.malformedBody);
  });

  it('answers 413 and 415 to bodies too large or of another type', async () => {
    const huge = JSON.stringify({ email: randomEmail(), padding: 'x'.repeat(2 * 1024 * 1024) });
    expectError(await t.client().post('auth/resetpass', huge), 413, SERVER_MESSAGES.bodyTooLarge);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expectError(
      await t.client().post('auth/signin', 'email=a', { headers: form }),
      415,
      SERVER_MESSAGES.unsupportedMediaType,
    );
  });

  it('answers 400 naming the field that fails validation', async () => {
    const res = await t.client().post('auth/resetpass', { email: 'nobody' });
    expectError(res, 400, `email: ${VALIDATION.invalidEmail}`);
  });

  it('answers 400 to a form field named __proto__ or JSON that is not', async () => {
    const proto = multipartOf('Content-Disposition: form-data; name="__proto__"\r\n\r\nx');
    const json = multipartOf(
      'Content-Disposition: form-data; name="title"\r\nContent-Type: application/json\r\n\r\n{oops',
    );
    for (const { body, headers } of [proto, json]) {
      const res = await account.client.post('posts/postWithImg', body, { headers });
      expectError(res, 400, SERVER_MESSAGES.malformedForm);
    }
  });

  it('answers 400 to a form without a boundary, with one the body lacks, or cut short, writing nothing', async () => {
    const part = 'Content-Disposition: form-data; name="title"\r\n\r\nCut short';
    const forms = [
      {
        body: `--x\r\n${part}\r\n--x--\r\n`,
        type: 'multipart/form-data',
        msg: SERVER_MESSAGES.formWithoutBoundary,
      },
      {
        body: `--x\r\n${part}\r\n--x--\r\n`,
        type: 'multipart/form-data; boundary=elsewhere',
        msg: SERVER_MESSAGES.formWithoutParts,
      },
      {
        body: `--x\r\n${part}\r\n--x\r\n${part}`,
        type: 'multipart/form-data; boundary=x',
        msg: SERVER_MESSAGES.formCutShort,
      },
    ];
    const before = await t.query<{ n: string }>('select count(*) as n from posts');
    for (const route of ['posts/postWithImg', 'rooms/create']) {
      for (const { body, type, msg } of forms) {
        const res = await account.client.post(route, body, { headers: { 'content-type': type } });
        expectError(res, 400, msg);
      }
    }
    expect(await t.query<{ n: string }>('select count(*) as n from posts')).toEqual(before);
  });

  it('answers 413 to a form with too many parts', async () => {
    const fields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, 'x']));
    expectError(
      await account.client.postForm('posts/postWithImg', fields),
      413,
      SERVER_MESSAGES.bodyTooLarge,
    );
  });
});

describe('the database', () => {
  /** Creates a poll while a trigger fails its insert with this SQLSTATE; the answer and the new log lines. */
  async function createPollFailing(sqlstate: string) {
    await t.query(`create function fail_insert() returns trigger language plpgsql as $$
      begin raise exception 'refused: Up?' using errcode = '${sqlstate}'; end $$`);
    await t.query(
      'create trigger fail_insert before insert on polls for each statement execute function fail_insert()',
    );
    const from = t.logs.length;
    try {
      const poll = { title: 'Up?', options: ['Yes', 'No'], topic: 'iet' };
      const res = await account.client.post('poll/createpoll', poll);
      const lines = t.logs.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
      return { res, lines };
    } finally {
      await t.query('drop function fail_insert() cascade');
    }
  }

  it('answers 503 with Retry-After while the database is away, logging only the code', async () => {
    // 57P01: the statement was ended by a shutdown, whichever driver reports it.
    const { res, lines } = await createPollFailing('57P01');
    expectError(res, 503, SERVER_MESSAGES.databaseUnavailable);
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    const warning = lines.find((line) => line.msg === 'database unavailable');
    expect(warning).toMatchObject({ level: 40, code: '57P01' });
    expect(warning).not.toHaveProperty('err');
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it('answers 500 to any other failure, logging its code and SQL but no message or value', async () => {
    const { res, lines } = await createPollFailing('P0001');
    expectError(res, 500, AUTH.serverError);
    const failure = lines.find((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      code: 'P0001',
      query: expect.stringMatching(/^insert into "polls"/),
    });
    expect(JSON.stringify(lines)).not.toContain('Up?');
  });
});
