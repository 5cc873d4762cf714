/**
 * Strings PostgreSQL cannot store (NUL) or that are not text (a lone UTF-16 surrogate) are refused by
 * the one validation layer with a 400 naming the field, in a JSON body, a query, a path and a
 * multipart field alike, and nothing is written. So are bytes that are not UTF-8, wherever they come.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../server/infra/errors.ts';
import { VALIDATION } from '../../src/domain/messages.ts';
import { expectError, multipart, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

const NUL = 'chess\u0000club';
const LONE_HIGH = 'chess\ud800club';
const LONE_LOW = '\udc00chess';

/** Raw JSON text, so a lone surrogate reaches the server as the escape a client would send. */
const json = (body: Record<string, string>) =>
  JSON.stringify(body).replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

describe('text that cannot be stored is refused in one place', () => {
  it.each([
    ['NUL', NUL, VALIDATION.nulCharacter],
    ['a lone high surrogate', LONE_HIGH, VALIDATION.malformedText],
    ['a lone low surrogate', LONE_LOW, VALIDATION.malformedText],
  ])(
    '%s in a JSON field of rooms/join and rooms/update → 400 naming the field',
    async (_what, text, problem) => {
      const owner = await t.signUpAndVerify();
      const room = await t.createRoom(owner);
      expectError(await owner.client.post('rooms/join', json({ title: text })), 400, `title: ${problem}`);
      expectError(
        await owner.client.post('rooms/update', json({ title: room.title, newTitle: text })),
        400,
        `newTitle: ${problem}`,
      );
      const [stored] = await t.query<{ title: string }>(`select title from rooms where id = '${room.id}'`);
      expect(stored?.title).toBe(room.title);
    },
  );

  it('refuses a JSON body that is not UTF-8, and takes one that is', async () => {
    const owner = await t.signUpAndVerify();
    const room = await t.createRoom(owner);
    const json = { 'content-type': 'application/json' };
    // "Ch\xe9ss": Latin-1 bytes that would otherwise become 'Ch\ufffdss' in the room's new title.
    const latin1 = Buffer.concat([
      Buffer.from(`{"title":"${room.title}","newTitle":"Ch`),
      Buffer.from([0xe9]),
      Buffer.from('ss"}'),
    ]);
    expectError(
      await owner.client.post('rooms/update', latin1, { headers: json }),
      400,
      SERVER_MESSAGES.jsonNotUtf8,
    );
    const [stored] = await t.query<{ title: string }>(`select title from rooms where id = '${room.id}'`);
    expect(stored?.title).toBe(room.title);
    const utf8 = Buffer.from(JSON.stringify({ title: room.title, newTitle: 'Chéss_club' }), 'utf8');
    const renamed = await owner.client.post('rooms/update', utf8, { headers: json });
    expect(renamed.statusCode).toBe(200);
    // Prototype poisoning is still refused, as Fastify's own parser does.
    const poisoned = await owner.client.post('rooms/join', '{"title":"x","__proto__":{"admin":true}}', {
      headers: json,
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses NUL in a comment and in a nested key, naming the field', async () => {
    const account = await t.signUpAndVerify();
    const post = await t.createPost(account);
    expectError(
      await account.client.post('posts/createcomment', json({ postId: post.id, content: NUL })),
      400,
      `content: ${VALIDATION.nulCharacter}`,
    );
    const comments = await t.query(`select id from comments where post_id = '${post.id}'`);
    expect(comments).toEqual([]);
  });

  it('refuses NUL in a query and in a path', async () => {
    const account = await t.signUpAndVerify();
    expectError(
      await account.client.get('search/getusers?key=a%00b'),
      400,
      `key: ${VALIDATION.nulCharacter}`,
    );
    expectError(await account.client.get('rooms/showRoom/a%00b'), 400, `title: ${VALIDATION.nulCharacter}`);
  });

  it('refuses NUL in a multipart field, and writes no post', async () => {
    const account = await t.signUpAndVerify();
    const form = multipart({ title: NUL, topic: 'dsa', body: 'Body' });
    const res = await account.client.post('posts/postWithImg', form.body, {
      headers: { 'content-type': form.contentType },
    });
    expectError(res, 400, `title: ${VALIDATION.nulCharacter}`);
    const posts = await t.query(`select id from posts where user_id = '${account.userID}'`);
    expect(posts).toEqual([]);
  });

  it('refuses a multipart field that is not UTF-8, naming it, and writes no post', async () => {
    const account = await t.signUpAndVerify();
    const form = multipart({ title: 'Chess', topic: 'dsa', body: 'BODY' });
    // "Ch\xe9ss": a Latin-1 byte that would otherwise become 'Ch\ufffdss' in the post's body.
    const latin1 = Buffer.from(form.body.toString('latin1').replace('BODY', 'Ch\xe9ss'), 'latin1');
    const res = await account.client.post('posts/postWithImg', latin1, {
      headers: { 'content-type': form.contentType },
    });
    expectError(res, 400, `body: ${SERVER_MESSAGES.formFieldNotUtf8}`);
    expect(await t.query(`select id from posts where user_id = '${account.userID}'`)).toEqual([]);
    const utf8 = multipart({ title: 'Chéss', topic: 'dsa', body: 'Chéss ♞' });
    const posted = await account.client.post('posts/postWithImg', utf8.body, {
      headers: { 'content-type': utf8.contentType },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().post).toMatchObject({ title: 'Chéss', body: 'Chéss ♞' });
  });

  it('refuses a query whose percent-encoding is not UTF-8, naming the field', async () => {
    const account = await t.signUpAndVerify();
    for (const query of ['key=a%FFb', 'key=a%C3%28b', 'key=%E2%82', 'key=100%']) {
      expectError(
        await account.client.get(`search/getusers?${query}`),
        400,
        `key: ${SERVER_MESSAGES.queryNotUtf8}`,
      );
    }
    expectError(
      await account.client.get('search/getusers?%FF=a'),
      400,
      `%FF: ${SERVER_MESSAGES.queryNotUtf8}`,
    );
    expect((await account.client.get('search/getusers?key=caf%C3%A9+%E2%99%9E')).statusCode).toBe(200);
  });
});
