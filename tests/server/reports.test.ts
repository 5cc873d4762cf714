import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAFETY } from '../../src/domain/safety.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

// Masks from every reporter: the weight of a reporter's word is tested in maskWeight.test.ts.
const t = setupTestApp({ REPORT_THRESHOLD: '3', MASK_MIN_ACCOUNT_DAYS: '0' });
let author: Account;
let reporters: Account[];

beforeAll(async () => {
  author = await t.signUpAndVerify();
  reporters = [];
  for (let i = 0; i < 4; i++) reporters.push(await t.signUpAndVerify());
});

const reporter = (i: number) => reporters[i] as Account;

describe('POST reports', () => {
  it('sends a report once and changes its reason when sent again', async () => {
    const post = await t.createPost(author);
    const first = await reporter(0).client.post('reports', { kind: 'post', id: post.id, reason: 'spam' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ msg: SAFETY.reportSent });
    const again = await reporter(0).client.post('reports', {
      kind: 'post',
      id: post.id,
      reason: 'other',
      note: 'Looks like an ad',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ msg: SAFETY.reportUpdated });
    const rows = await t.query<{ reason: string; note: string }>(
      `select reason, note from reports where target_id = '${post.id}'`,
    );
    expect(rows).toEqual([{ reason: 'other', note: 'Looks like an ad' }]);
    const [open] = await t.query<{ status: string; reporters: number }>(
      `select status, reporters from moderation_cases where target_id = '${post.id}'`,
    );
    expect(open).toEqual({ status: 'open', reporters: 1 });
  });

  it('refuses reporting oneself or one’s own items', async () => {
    const post = await t.createPost(author);
    const poll = await t.createPoll(author);
    const room = await t.createRoom(author);
    const { client } = author;
    expectError(
      await client.post('reports', { kind: 'post', id: post.id, reason: 'spam' }),
      403,
      SAFETY.reportSelf,
    );
    expectError(
      await client.post('reports', { kind: 'poll', id: poll.id, reason: 'spam' }),
      403,
      SAFETY.reportSelf,
    );
    expectError(
      await client.post('reports', { kind: 'room', id: room.title, reason: 'spam' }),
      403,
      SAFETY.reportSelf,
    );
    expectError(
      await client.post('reports', { kind: 'user', id: author.username, reason: 'spam' }),
      403,
      SAFETY.reportSelf,
    );
  });

  it('answers 404 for an unknown or deleted item', async () => {
    const { client } = reporter(0);
    const post = await t.createPost(author);
    expect((await author.client.del('posts/delete', { id: post.id })).statusCode).toBe(200);
    for (const [kind, id] of [
      ['post', post.id],
      ['post', 'not-an-id'],
      ['poll', randomUUID()],
      ['comment', randomUUID()],
      ['room', 'NoSuchRoom'],
      ['user', 'nobody_at_all'],
    ]) {
      expectError(await client.post('reports', { kind, id, reason: 'spam' }), 404, SAFETY.itemNotFound);
    }
  });

  it('needs a note for "other", and at most 300 characters of it', async () => {
    const post = await t.createPost(author);
    const { client } = reporter(0);
    expectError(
      await client.post('reports', { kind: 'post', id: post.id, reason: 'other' }),
      400,
      `note: ${SAFETY.noteRequired}`,
    );
    expectError(
      await client.post('reports', { kind: 'post', id: post.id, reason: 'other', note: '   ' }),
      400,
      `note: ${SAFETY.noteRequired}`,
    );
    expectError(
      await client.post('reports', { kind: 'post', id: post.id, reason: 'spam', note: 'x'.repeat(301) }),
      400,
      `note: ${SAFETY.noteTooLong}`,
    );
  });

  it('needs a session', async () => {
    const post = await t.createPost(author);
    const visitor = t.client();
    const res = await visitor.post('reports', { kind: 'post', id: post.id, reason: 'spam' });
    expect(res.statusCode).toBe(401);
  });

  it('answers the crisis resources after a self-harm report', async () => {
    const post = await t.createPost(author, { body: 'I do not feel like going on.' });
    const res = await reporter(1).client.post('reports', { kind: 'post', id: post.id, reason: 'selfHarm' });
    expect(res.statusCode).toBe(201);
    const resources = (await t.client().get('safety/resources')).json().resources;
    expect(resources.length).toBeGreaterThan(0);
    expect(res.json()).toEqual({ msg: SAFETY.reportSent, crisis: resources });
  });

  it('reports rooms by title and accounts by username; a private room only its members can', async () => {
    const room = await t.createRoom(author, { privacy: 'true' });
    const outsider = reporter(2);
    expectError(
      await outsider.client.post('reports', { kind: 'room', id: room.title, reason: 'hate' }),
      404,
      SAFETY.itemNotFound,
    );
    const open = await t.createRoom(author);
    const res = await outsider.client.post('reports', {
      kind: 'room',
      id: open.title.toLowerCase(),
      reason: 'hate',
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = await outsider.client.post('reports', {
      kind: 'user',
      id: author.username,
      reason: 'harassment',
    });
    expect(user.statusCode, user.body).toBe(201);
    const cases = await t.query<{ kind: string; author_id: string }>(
      `select kind, author_id from moderation_cases where target_id in ('${open.id}', '${author.userID}')`,
    );
    expect(cases.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'room', author_id: author.userID },
      { kind: 'user', author_id: author.userID },
    ]);
  });

  it('reports comments, not deleted ones', async () => {
    const post = await t.createPost(reporter(3));
    const res = await author.client.post('posts/createcomment', {
      postId: post.id,
      commentId: null,
      content: 'Rude words',
    });
    const comment = res.json().newComment;
    const report = await reporter(0).client.post('reports', {
      kind: 'comment',
      id: comment.id,
      reason: 'harassment',
    });
    expect(report.statusCode, report.body).toBe(201);
    expect((await author.client.del('posts/deleteComment', { id: comment.id })).statusCode).toBe(200);
    expectError(
      await reporter(1).client.post('reports', { kind: 'comment', id: comment.id, reason: 'harassment' }),
      404,
      SAFETY.itemNotFound,
    );
  });
});

describe('the report threshold', () => {
  const reportAll = async (kind: string, id: string, count: number) => {
    for (let i = 0; i < count; i++) {
      const res = await reporter(i).client.post('reports', { kind, id, reason: 'spam' });
      expect(res.statusCode, res.body).toBe(201);
    }
  };

  it('masks a post after 3 distinct reporters: others see it masked, its author in full', async () => {
    const post = await t.createPost(author);
    await reportAll('post', post.id, 2);
    // The same reporter again does not count twice.
    await reporter(1).client.post('reports', { kind: 'post', id: post.id, reason: 'hate' });
    const stranger = reporter(3);
    const before = (await stranger.client.get(`posts/getapost?id=${post.id}`)).json().post;
    expect(before.masked).toBe(false);

    const third = await reporter(2).client.post('reports', { kind: 'post', id: post.id, reason: 'spam' });
    expect(third.statusCode).toBe(201);
    const seen = (await stranger.client.get(`posts/getapost?id=${post.id}`)).json().post;
    expect({ masked: seen.masked, maskedForOthers: seen.maskedForOthers }).toEqual({
      masked: true,
      maskedForOthers: false,
    });
    const visitor = (await t.client().get(`posts/getapost?id=${post.id}`)).json().post;
    expect(visitor.masked).toBe(true);
    const own = (await author.client.get(`posts/getapost?id=${post.id}`)).json().post;
    expect({ masked: own.masked, maskedForOthers: own.maskedForOthers }).toEqual({
      masked: false,
      maskedForOthers: true,
    });
    const popular = (await stranger.client.get('posts/popular?page=0&limit=50')).json().posts;
    expect(popular.map((p: { id: string }) => p.id)).not.toContain(post.id);
    const home = (await stranger.client.get('posts/getPost?offset=0&limit=50')).json().posts;
    expect(home.find((p: { id: string }) => p.id === post.id)?.masked).toBe(true);
  });

  it('tells the author once, without naming anyone', async () => {
    const post = await t.createPost(author);
    await reportAll('post', post.id, 4);
    const notices = (await author.client.get('u/notification'))
      .json()
      .data.filter((n: { kind: string; postId: string }) => n.kind === 'masked' && n.postId === post.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      fromUser: null,
      user2: null,
      title: 'Your post is hidden after reports',
      body: post.title,
    });
    const text = JSON.stringify(notices);
    for (const r of reporters) {
      expect(text).not.toContain(r.userID);
      expect(text).not.toContain(r.username);
    }
  });

  it('masks comments, rooms and accounts too', async () => {
    const post = await t.createPost(reporter(3));
    const res = await author.client.post('posts/createcomment', {
      postId: post.id,
      commentId: null,
      content: 'Mean',
    });
    const comment = res.json().newComment;
    await reportAll('comment', comment.id, 3);
    const thread = (await reporter(3).client.get(`posts/getapost?id=${post.id}`)).json().post.comments;
    expect(thread.find((c: { id: string }) => c.id === comment.id)?.masked).toBe(true);

    const room = await t.createRoom(author);
    await reportAll('room', room.id, 3);
    const other = await t.signUpAndVerify();
    await reportAll('user', other.username, 3);
    const masked = await t.query<{ moderation: string }>(
      `select moderation from rooms where id = '${room.id}' union all
       select moderation from users where id = '${other.userID}'`,
    );
    expect(masked).toEqual([{ moderation: 'masked' }, { moderation: 'masked' }]);
    const notices = (await other.client.get('u/notification')).json().data;
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'masked',
        title: 'Your account is hidden after reports',
        body: other.username,
      }),
    ]);
  });

  it('counts parallel reports of one item exactly', async () => {
    const post = await t.createPost(author);
    const answers = await Promise.all(
      reporters.map((r) => r.client.post('reports', { kind: 'post', id: post.id, reason: 'spam' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const [row] = await t.query<{ reporters: number }>(
      `select reporters from moderation_cases where target_id = '${post.id}'`,
    );
    expect(row?.reporters).toBe(4);
  });
});

describe('unknown people', () => {
  it('answers 404 for an unverified account', async () => {
    const pending = await t.signUp();
    expectError(
      await reporter(0).client.post('reports', { kind: 'user', id: pending.username, reason: 'spam' }),
      404,
      SAFETY.itemNotFound,
    );
  });
});
