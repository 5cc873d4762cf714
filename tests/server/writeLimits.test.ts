import { beforeAll, describe, expect, it } from 'vitest';
import { SAFETY } from '../../src/domain/safety.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const MINUTE = 60_000;
const t = setupTestApp({
  WRITE_LIMITS: 'posts=2,polls=1,comments=2,rooms=1,reports=2',
  MODERATORS: 'LimitMod',
});
let moderator: Account;
let other: Account;

beforeAll(async () => {
  moderator = await t.signUpAndVerify(undefined, { username: 'LimitMod' });
  other = await t.signUpAndVerify();
});

const newPost = (a: Account) =>
  a.client.postForm('posts/postWithImg', { title: 'T', topic: 'dsa', body: 'B' });

describe('hourly write limits', () => {
  it('refuses a post over the limit with the minutes until the oldest leaves the hour', async () => {
    const me = await t.signUpAndVerify();
    expect((await newPost(me)).statusCode).toBe(201);
    t.clock.advance(20 * MINUTE);
    expect((await newPost(me)).statusCode).toBe(201);
    expectError(await newPost(me), 425, SAFETY.writeLimited(40));
    t.clock.advance(39 * MINUTE + 30_000);
    expectError(await newPost(me), 425, SAFETY.writeLimited(1));
    t.clock.advance(31_000);
    expect((await newPost(me)).statusCode).toBe(201);
    expectError(await newPost(me), 425, SAFETY.writeLimited(20));
  });

  it('limits polls, comments and rooms the same way', async () => {
    const me = await t.signUpAndVerify();
    await t.createPoll(me);
    expectError(
      await me.client.post('poll/createpoll', { title: 'Q?', options: ['a', 'b'], topic: 'iet' }),
      425,
      SAFETY.writeLimited(60),
    );
    const post = await t.createPost(other);
    const comment = () =>
      me.client.post('posts/createcomment', { postId: post.id, commentId: null, content: 'Hi' });
    expect((await comment()).statusCode).toBe(201);
    expect((await comment()).statusCode).toBe(201);
    expectError(await comment(), 425, SAFETY.writeLimited(60));
    await t.createRoom(me);
    expectError(
      await me.client.postForm('rooms/create', { title: 'OneMoreRoom', privacy: 'false' }),
      425,
      SAFETY.writeLimited(60),
    );
  });

  it('limits new reports, not a report sent again', async () => {
    const me = await t.signUpAndVerify();
    const posts = [await t.createPost(other), await t.createPost(moderator), await t.createPost(moderator)];
    const report = (id: string, reason = 'spam') => me.client.post('reports', { kind: 'post', id, reason });
    expect((await report(posts[0]?.id ?? '')).statusCode).toBe(201);
    expect((await report(posts[1]?.id ?? '')).statusCode).toBe(201);
    expectError(await report(posts[2]?.id ?? ''), 425, SAFETY.writeLimited(60));
    expect((await report(posts[0]?.id ?? '', 'hate')).statusCode).toBe(200);
  });

  it('exempts moderators', async () => {
    for (let i = 0; i < 4; i++) expect((await newPost(moderator)).statusCode).toBe(201);
  });

  it('holds under parallel creates: exactly the limit gets through', async () => {
    const me = await t.signUpAndVerify();
    const answers = await Promise.all(Array.from({ length: 6 }, () => newPost(me)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 425, 425, 425, 425]);
    const [row] = await t.query<{ n: number }>(
      `select count(*)::int as n from posts where user_id = '${me.userID}'`,
    );
    expect(row?.n).toBe(2);
  });
});
