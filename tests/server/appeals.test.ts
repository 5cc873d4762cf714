/**
 * Appeals that get an answer (issue 30, part 5): the author of a removed item appeals once; a
 * moderator who neither proposed nor confirmed the removal restores it or upholds it; the author is
 * told; the public log shows the outcome beside the removal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppealItem } from '../../src/domain/appealSchemas.ts';
import { APPEAL_TEXT_MAX, APPEALS } from '../../src/domain/appeals.ts';
import type { Notification } from '../../src/domain/entities.ts';
import type { LogEntry } from '../../src/domain/safety.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp({ MODERATORS: 'AppealAlpha,AppealBeta,AppealGamma', MASK_MIN_ACCOUNT_DAYS: '0' });
let alpha: Account;
let beta: Account;
let gamma: Account;
let author: Account;
let stranger: Account;

beforeAll(async () => {
  alpha = await t.signUpAndVerify(undefined, { username: 'AppealAlpha' });
  beta = await t.signUpAndVerify(undefined, { username: 'AppealBeta' });
  gamma = await t.signUpAndVerify(undefined, { username: 'AppealGamma' });
  author = await t.signUpAndVerify();
  stranger = await t.signUpAndVerify();
});

/** Reported by the stranger, proposed by alpha, confirmed by beta: removed. */
async function remove(kind: 'post' | 'room', id: string) {
  expect((await stranger.client.post('reports', { kind, id, reason: 'spam' })).statusCode).toBe(201);
  expect((await alpha.client.post('mod/propose', { kind, id, rule: 'spam' })).statusCode).toBe(201);
  expect((await beta.client.post('mod/confirm', { kind, id })).statusCode).toBe(200);
  t.clock.advance(1000);
}

async function removedPost() {
  const post = await t.createPost(author);
  await remove('post', post.id);
  return post;
}

const appeal = (account: Account, id: string, text = 'It was a joke between friends, not spam.') =>
  account.client.post('appeals', { kind: 'post', id, text });

const decide = (moderator: Account, id: string, outcome: string, kind = 'post') =>
  moderator.client.post('mod/appeals/decide', { kind, id, outcome });

async function waiting(moderator: Account): Promise<AppealItem[]> {
  const res = await moderator.client.get('mod/appeals?offset=0&limit=20');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/** The account's notices about the item, by kind: what u/notification lists. */
async function noticesAbout(account: Account, column: 'postId' | 'roomId', id: string) {
  const res = await account.client.get('u/notification');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Notification[])
    .filter((n) => n[column] === id)
    .map(({ kind, appeal }) => ({ kind, appeal }));
}

async function logEntries(): Promise<LogEntry[]> {
  return (await t.client().get('mod/log?offset=0&limit=20')).json().items;
}

describe('POST appeals', () => {
  it('takes the author’s appeal once, and puts it in the moderators’ queue', async () => {
    const post = await removedPost();
    const res = await appeal(author, post.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ msg: APPEALS.sent });
    expectError(await appeal(author, post.id, 'Please, again'), 409, APPEALS.already);
    const item = (await waiting(gamma)).find((a) => a.id === post.id);
    expect(item).toMatchObject({
      kind: 'post',
      label: post.title,
      ruleText: 'Spam',
      text: 'It was a joke between friends, not spam.',
      mayDecide: true,
    });
    expect((await waiting(alpha)).find((a) => a.id === post.id)?.mayDecide).toBe(false);
    expect((await waiting(beta)).find((a) => a.id === post.id)?.mayDecide).toBe(false);
  });

  it('refuses anyone but the author, and visitors', async () => {
    const post = await removedPost();
    expectError(await appeal(stranger, post.id), 403, APPEALS.onlyAuthor);
    expectError(await appeal(alpha, post.id), 403, APPEALS.onlyAuthor);
    expect((await t.client().post('appeals', { kind: 'post', id: post.id, text: 'hi' })).statusCode).toBe(
      401,
    );
  });

  it('needs a few words, at most 500 characters', async () => {
    const post = await removedPost();
    expectError(await appeal(author, post.id, '   '), 400, `text: ${APPEALS.textRequired}`);
    expectError(
      await appeal(author, post.id, 'x'.repeat(APPEAL_TEXT_MAX + 1)),
      400,
      `text: ${APPEALS.textTooLong}`,
    );
    expect((await appeal(author, post.id, 'x'.repeat(APPEAL_TEXT_MAX))).statusCode).toBe(201);
  });

  it('is only for items moderators removed', async () => {
    const post = await t.createPost(author);
    expectError(await appeal(author, post.id), 409, APPEALS.notRemoved);
    expectError(await appeal(author, '00000000-0000-4000-8000-000000000000'), 404, APPEALS.notFound);
  });

  it('is only for moderators to read', async () => {
    expect((await stranger.client.get('mod/appeals')).statusCode).toBe(403);
    expect((await t.client().get('mod/appeals')).statusCode).toBe(401);
  });
});

describe('POST mod/appeals/decide', () => {
  it('refuses the moderators who proposed or confirmed the removal, and non-moderators', async () => {
    const post = await removedPost();
    await appeal(author, post.id);
    expectError(await decide(alpha, post.id, 'restored'), 403, APPEALS.tookPart);
    expectError(await decide(beta, post.id, 'upheld'), 403, APPEALS.tookPart);
    expect((await decide(stranger, post.id, 'restored')).statusCode).toBe(403);
    expect((await waiting(gamma)).map((a) => a.id)).toContain(post.id);
  });

  it('restores: the post is back for everyone, the author is told, the log says restored', async () => {
    const post = await removedPost();
    expect((await stranger.client.get(`posts/getapost?id=${post.id}`)).statusCode).toBe(410);
    await appeal(author, post.id);
    const res = await decide(gamma, post.id, 'restored');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: APPEALS.restoredMsg });
    for (const client of [stranger.client, t.client(), author.client]) {
      expect((await client.get(`posts/getapost?id=${post.id}`)).statusCode).toBe(200);
    }
    const feed = (await stranger.client.get('posts/getPost?offset=0&limit=50')).json().posts;
    expect(feed.map((p: { id: string }) => p.id)).toContain(post.id);
    const notices = (await author.client.get('u/notification')).json().data;
    expect(notices).toContainEqual(
      expect.objectContaining({
        kind: 'appealOutcome',
        postId: post.id,
        title: APPEALS.noticeTitle('restored'),
        body: post.title,
        fromUser: null,
      }),
    );
    expect((await logEntries()).filter((e) => e.appeal === 'restored').length).toBeGreaterThan(0);
    expectError(await decide(gamma, post.id, 'upheld'), 409, APPEALS.decided);
    expect((await waiting(gamma)).map((a) => a.id)).not.toContain(post.id);
  });

  it('upholds: the post stays removed, the author is told, the log says upheld', async () => {
    const post = await removedPost();
    await appeal(author, post.id);
    expect((await decide(gamma, post.id, 'upheld')).statusCode).toBe(200);
    expect((await stranger.client.get(`posts/getapost?id=${post.id}`)).statusCode).toBe(410);
    const notices = (await author.client.get('u/notification')).json().data;
    expect(notices).toContainEqual(
      expect.objectContaining({ kind: 'appealOutcome', title: APPEALS.noticeTitle('upheld') }),
    );
    const [newest] = await logEntries();
    expect(newest).toMatchObject({ kind: 'post', ruleText: 'Spam', appeal: 'upheld' });
  });

  it('shows the log’s outcomes beside their removals, never who', async () => {
    const kept = await removedPost();
    const back = await removedPost();
    const pending = await removedPost();
    await appeal(author, kept.id);
    await appeal(author, back.id);
    await appeal(author, pending.id);
    await decide(gamma, kept.id, 'upheld');
    await decide(gamma, back.id, 'restored');
    const [third, second, first] = await logEntries();
    expect([first?.appeal, second?.appeal, third?.appeal]).toEqual(['upheld', 'restored', null]);
    const text = JSON.stringify(await logEntries());
    for (const person of [alpha, beta, gamma, author, stranger]) expect(text).not.toContain(person.userID);
  });

  it('restores a removed room, and 404s an item with no appeal', async () => {
    const room = await t.createRoom(author);
    await remove('room', room.id);
    expect((await stranger.client.get(`rooms/showRoom/${room.title}`)).statusCode).toBe(410);
    const sent = await author.client.post('appeals', { kind: 'room', id: room.id, text: 'We talk chess.' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await decide(gamma, room.id, 'restored', 'room')).statusCode).toBe(200);
    expect((await stranger.client.get(`rooms/showRoom/${room.title}`)).statusCode).toBe(200);
    const other = await t.createPost(author);
    expectError(await decide(gamma, other.id, 'restored'), 404, APPEALS.noAppeal);
  });
});

describe('u/notification: how the appeal of a removal stands', () => {
  it('says pending once the author appealed, then the answer; only on the author’s removal notice', async () => {
    const post = await removedPost();
    const other = await t.createPost(author);
    expect(
      (await stranger.client.post('posts/vote', { postId: other.id, val: 1, commentId: null })).statusCode,
    ).toBe(201);
    expect(await noticesAbout(author, 'postId', post.id)).toEqual([{ kind: 'removal', appeal: null }]);
    expect(await appeal(author, post.id)).toMatchObject({ statusCode: 201 });
    expect(await noticesAbout(author, 'postId', post.id)).toEqual([{ kind: 'removal', appeal: 'pending' }]);
    // The reporter's notice of the same removal, and the author's other notices, say nothing of it.
    expect(await noticesAbout(stranger, 'postId', post.id)).toEqual([
      { kind: 'reportOutcome', appeal: null },
    ]);
    expect(await noticesAbout(author, 'postId', other.id)).toEqual([{ kind: 'postVote', appeal: null }]);
    expect((await decide(gamma, post.id, 'restored')).statusCode).toBe(200);
    expect(await noticesAbout(author, 'postId', post.id)).toEqual([
      { kind: 'appealOutcome', appeal: null },
      { kind: 'removal', appeal: 'restored' },
    ]);
  });

  it('says upheld for an upheld removal, of a room as of a post', async () => {
    const room = await t.createRoom(author);
    await remove('room', room.id);
    const sent = await author.client.post('appeals', { kind: 'room', id: room.id, text: 'We talk chess.' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await noticesAbout(author, 'roomId', room.id)).toEqual([{ kind: 'removal', appeal: 'pending' }]);
    expect((await decide(gamma, room.id, 'upheld', 'room')).statusCode).toBe(200);
    expect(await noticesAbout(author, 'roomId', room.id)).toEqual([
      { kind: 'appealOutcome', appeal: null },
      { kind: 'removal', appeal: 'upheld' },
    ]);
  });
});
