import { beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../src/domain/safety.ts';
import { REPORT_REASONS, SAFETY } from '../../src/domain/safety.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp({
  MODERATORS: 'ModAlpha, modbeta',
  REPORT_THRESHOLD: '3',
  MASK_MIN_ACCOUNT_DAYS: '0',
});
let alpha: Account;
let beta: Account;
let author: Account;
let reporters: Account[];

beforeAll(async () => {
  alpha = await t.signUpAndVerify(undefined, { username: 'ModAlpha' });
  beta = await t.signUpAndVerify(undefined, { username: 'ModBeta' });
  author = await t.signUpAndVerify();
  reporters = [];
  for (let i = 0; i < 3; i++) reporters.push(await t.signUpAndVerify());
});

const reporter = (i: number) => reporters[i] as Account;

async function report(kind: string, id: string, count = 1, reason = 'spam', note?: string) {
  for (let i = 0; i < count; i++) {
    const res = await reporter(i).client.post('reports', { kind, id, reason, note });
    expect(res.statusCode, res.body).toBe(201);
    t.clock.advance(1000);
  }
}

async function queue(moderator = alpha): Promise<QueueItem[]> {
  const res = await moderator.client.get('mod/queue?offset=0&limit=20');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('who may moderate', () => {
  it('keeps the queue and the actions to moderators; the log is public', async () => {
    const post = await t.createPost(author);
    const target = { kind: 'post', id: post.id };
    const visitor = t.client();
    const member = reporter(0).client;
    expect((await visitor.get('mod/queue')).statusCode).toBe(401);
    expectError(await member.get('mod/queue'), 403, SAFETY.notModerator);
    for (const [path, body] of [
      ['mod/dismiss', target],
      ['mod/propose', { ...target, rule: 'spam' }],
      ['mod/confirm', target],
    ] as const) {
      expect((await visitor.post(path, body)).statusCode, path).toBe(401);
      expectError(await member.post(path, body), 403, SAFETY.notModerator);
    }
    expect((await visitor.get('mod/log')).statusCode).toBe(200);
  });

  it('tells a moderator so in their own details', async () => {
    const mine = async (a: Account) => (await a.client.get(`u/${encodeURIComponent(a.email)}`)).json().user;
    expect((await mine(alpha)).moderator).toBe(true);
    expect((await mine(author)).moderator).toBe(false);
  });
});

describe('the queue', () => {
  it('lists open cases oldest first report first, each with its label, link, reasons and notes', async () => {
    const room = await t.createRoom(author);
    const post = await t.createPost(author, { topic: '', subCommunity: room.id });
    const poll = await t.createPoll(author);
    const onPost = await t.createPost(reporter(2));
    const commented = await author.client.post('posts/createcomment', {
      postId: onPost.id,
      commentId: null,
      content: `A long comment ${'x'.repeat(100)}`,
    });
    const comment = commented.json().newComment;
    await report('post', post.id, 3, 'other', 'Selling things');
    await report('poll', poll.id, 1, 'hate');
    await report('comment', comment.id, 2, 'harassment');
    await report('room', room.title, 1, 'spam', '  ');
    await report('user', author.username, 1, 'threats');

    const items = (await queue()).filter((i) =>
      [post.id, poll.id, comment.id, room.id, author.userID].includes(i.id),
    );
    expect(ids(items)).toEqual([post.id, poll.id, comment.id, room.id, author.userID]);
    const [p, pl, c, r, u] = items;
    expect(p).toEqual({
      kind: 'post',
      id: post.id,
      label: post.title,
      href: `/post/${room.id}/${post.id}`,
      author: author.username,
      reporters: 3,
      reasons: [{ reason: 'other', count: 3 }],
      notes: ['Selling things', 'Selling things', 'Selling things'],
      reportedText: null,
      firstReportedAt: expect.any(String),
      masked: true,
      proposal: null,
    });
    expect(pl).toMatchObject({ label: poll.title, href: `/poll/${poll.id}`, masked: false, notes: [] });
    expect(c).toMatchObject({
      label: `A long comment ${'x'.repeat(65)}`,
      href: `/comment/${comment.id}`,
      author: author.username,
      reasons: [{ reason: 'harassment', count: 2 }],
    });
    expect(r).toMatchObject({
      label: room.title,
      href: `/room/${author.userID}/${room.title}`,
      author: author.username,
      notes: [],
    });
    expect(u).toMatchObject({ kind: 'user', label: author.username, href: `/u/${author.username}` });
  });

  it('never shows an address, a reporter or a moderator', async () => {
    const post = await t.createPost(author);
    await report('post', post.id, 2);
    expect(
      (await alpha.client.post('mod/propose', { kind: 'post', id: post.id, rule: 'spam' })).statusCode,
    ).toBe(201);
    const body = (await beta.client.get('mod/queue?limit=20')).body;
    for (const person of [alpha, beta, author, ...reporters]) {
      expect(body).not.toContain(person.email);
      if (person !== author) {
        expect(body).not.toContain(person.userID);
        expect(body).not.toContain(person.username);
      }
    }
    expect(body).not.toContain('@');
  });

  it('pages with offset and limit, refusing a limit over 20', async () => {
    const all = await queue();
    const second = (await alpha.client.get('mod/queue?offset=1&limit=1')).json().items;
    expect(ids(second)).toEqual(ids(all).slice(1, 2));
    expect((await alpha.client.get('mod/queue?limit=21')).statusCode).toBe(400);
  });
});

describe('removal by two moderators', () => {
  it('removes a post once a second moderator confirms the proposal', async () => {
    const post = await t.createPost(author, { topic: 'dsa' });
    await report('post', post.id, 2);
    const target = { kind: 'post', id: post.id };
    expectError(await beta.client.post('mod/confirm', target), 409, SAFETY.noProposal);
    const proposed = await alpha.client.post('mod/propose', { ...target, rule: 'spam' });
    expect(proposed.statusCode).toBe(201);
    expect(proposed.json()).toEqual({ msg: SAFETY.proposed });
    const mine = (await queue(alpha)).find((i) => i.id === post.id);
    expect(mine?.proposal).toMatchObject({ rule: 'spam', ruleText: 'Spam', mine: true });
    expect((await queue(beta)).find((i) => i.id === post.id)?.proposal?.mine).toBe(false);

    expectError(await alpha.client.post('mod/confirm', target), 403, SAFETY.ownProposal);
    const confirmed = await beta.client.post('mod/confirm', target);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ msg: SAFETY.confirmed });

    for (const viewer of [author.client, reporter(0).client, t.client()]) {
      expectError(await viewer.get(`posts/getapost?id=${post.id}`), 410, 'Removed by moderators: Spam');
    }
    const lists = [
      'posts/getPost?offset=0&limit=50',
      'posts/q/hottopic?topic=dsa&page=0&limit=50',
      `search/getuserposts?username=${author.username}&limit=50`,
    ];
    for (const url of lists) {
      const posts = (await reporter(2).client.get(url)).json().posts as { id: string }[];
      expect(ids(posts), url).not.toContain(post.id);
      const own = (await author.client.get(url)).json().posts as { id: string }[];
      expect(ids(own), url).not.toContain(post.id);
    }
    expect(ids(await queue())).not.toContain(post.id);
    expectError(await beta.client.post('mod/confirm', target), 409, SAFETY.alreadyRemoved);
    expectError(
      await reporter(2).client.post('reports', { ...target, reason: 'spam' }),
      404,
      SAFETY.itemNotFound,
    );
  });

  it('tells the author and every reporter, and lists the removal in the log without ids', async () => {
    const poll = await t.createPoll(author);
    await report('poll', poll.id, 2);
    await beta.client.post('mod/propose', {
      kind: 'poll',
      id: poll.id,
      rule: 'other',
      note: 'Off-topic flood',
    });
    // Proposing again replaces the proposal (here by another moderator).
    await alpha.client.post('mod/propose', { kind: 'poll', id: poll.id, rule: 'hate' });
    expectError(
      await alpha.client.post('mod/confirm', { kind: 'poll', id: poll.id }),
      403,
      SAFETY.ownProposal,
    );
    expect((await beta.client.post('mod/confirm', { kind: 'poll', id: poll.id })).statusCode).toBe(200);
    expectError(
      await t.client().get(`poll/getpoll?id=${poll.id}`),
      410,
      SAFETY.removedBy(REPORT_REASONS.hate),
    );

    const authorNotices = (await author.client.get('u/notification')).json().data;
    expect(authorNotices.find((n: { pollId: string }) => n.pollId === poll.id)).toMatchObject({
      kind: 'removal',
      fromUser: null,
      title: SAFETY.removedBy(REPORT_REASONS.hate),
      body: poll.title,
    });
    for (const i of [0, 1]) {
      const notices = (await reporter(i).client.get('u/notification')).json().data;
      expect(notices.find((n: { pollId: string }) => n.pollId === poll.id)).toMatchObject({
        kind: 'reportOutcome',
        fromUser: null,
        title: 'An item you reported was removed',
        body: REPORT_REASONS.hate,
      });
    }

    const log = await t.client().get('mod/log?offset=0&limit=20');
    expect(log.statusCode).toBe(200);
    const [newest] = log.json().items;
    expect(newest).toEqual({
      kind: 'poll',
      ruleText: REPORT_REASONS.hate,
      removedAt: expect.any(String),
      appeal: null,
    });
    for (const person of [alpha, beta, author, ...reporters]) expect(log.body).not.toContain(person.userID);
    expect(log.body).not.toContain(poll.id);
  });

  it('removes an account: signed out, sign-in refused, profile 410, out of search', async () => {
    const person = await t.signUpAndVerify();
    await report('user', person.username, 1, 'harassment');
    await alpha.client.post('mod/propose', { kind: 'user', id: person.userID, rule: 'harassment' });
    expect((await beta.client.post('mod/confirm', { kind: 'user', id: person.username })).statusCode).toBe(
      200,
    );
    const msg = SAFETY.removedBy(REPORT_REASONS.harassment);
    expect((await person.client.get('u/blocked')).statusCode).toBe(401);
    expectError(
      await t.signIn(t.client(), { username: person.username, password: person.password }),
      403,
      msg,
    );
    expectError(await t.client().get(`search/getauser?key=${person.username}`), 410, msg);
    const found = (await alpha.client.get(`search/getusers?key=${person.username}`)).json().users;
    expect(found).toEqual([]);
  });

  it('lets one of two parallel confirmations remove the item', async () => {
    const post = await t.createPost(author);
    await report('post', post.id, 1);
    await alpha.client.post('mod/propose', { kind: 'post', id: post.id, rule: 'spam' });
    const answers = await Promise.all([
      beta.client.post('mod/confirm', { kind: 'post', id: post.id }),
      beta.client.post('mod/confirm', { kind: 'post', id: post.id }),
      beta.client.post('mod/dismiss', { kind: 'post', id: post.id }),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    const notices = await t.query<{ n: number }>(
      `select count(*)::int as n from notifications where post_id = '${post.id}' and kind = 'removal'`,
    );
    const [row] = await t.query<{ moderation: string | null }>(
      `select moderation from posts where id = '${post.id}'`,
    );
    expect(notices[0]?.n).toBe(row?.moderation === 'removed' ? 1 : 0);
  });
});

describe('dismissing', () => {
  it('closes the reports and lifts the mask; new reports open the case again', async () => {
    const post = await t.createPost(author);
    await report('post', post.id, 3);
    const target = { kind: 'post', id: post.id };
    expect((await reporter(0).client.get(`posts/getapost?id=${post.id}`)).json().post.masked).toBe(true);
    const res = await alpha.client.post('mod/dismiss', target);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: SAFETY.dismissed });
    expect((await reporter(0).client.get(`posts/getapost?id=${post.id}`)).json().post.masked).toBe(false);
    expect(ids(await queue())).not.toContain(post.id);
    expect(await t.query(`select 1 from reports where target_id = '${post.id}'`)).toEqual([]);
    expectError(await alpha.client.post('mod/dismiss', target), 404, SAFETY.nothingToModerate);
    expectError(
      await alpha.client.post('mod/propose', { ...target, rule: 'spam' }),
      404,
      SAFETY.nothingToModerate,
    );

    await report('post', post.id, 1);
    expect((await queue()).find((i) => i.id === post.id)).toMatchObject({ reporters: 1, masked: false });
  });

  it('answers 404 for an item nobody reported', async () => {
    const post = await t.createPost(author);
    expectError(
      await alpha.client.post('mod/dismiss', { kind: 'post', id: post.id }),
      404,
      SAFETY.nothingToModerate,
    );
  });
});
