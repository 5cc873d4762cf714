import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let users: Account[];
const USERS = 50;

beforeAll(async () => {
  users = [];
  for (let i = 0; i < USERS; i += 8)
    users.push(
      ...(await Promise.all(Array.from({ length: Math.min(8, USERS - i) }, () => t.signUpAndVerify()))),
    );
});

describe('counts under concurrent writes', () => {
  it('50 parallel votes from 50 users on one post leave exact tallies', async () => {
    const [author] = users;
    if (!author) throw new Error('no users');
    const post = await t.createPost(author);
    const val = (i: number) => (i % 5 < 3 ? 1 : -1);
    const first = await Promise.all(
      users.map((u, i) => u.client.post('posts/vote', { postId: post.id, val: val(i), commentId: null })),
    );
    expect(first.every((res) => res.statusCode === 201)).toBe(true);
    // Then everyone at once again: a third remove their vote, a third flip it, a third repeat it.
    const next = (i: number) => [0, -val(i), val(i)][i % 3] ?? 0;
    await Promise.all(
      users.map((u, i) => u.client.post('posts/vote', { postId: post.id, val: next(i), commentId: null })),
    );

    const expected = { upvotes: 0, downvotes: 0 };
    users.forEach((_, i) => {
      if (next(i) === 1) expected.upvotes += 1;
      if (next(i) === -1) expected.downvotes += 1;
    });
    const tally = (await t.client().post('posts/upvoteNum', { postId: post.id })).json();
    expect(tally).toMatchObject(expected);
    const [counted] = await t.query<{ up: number; down: number }>(
      `SELECT count(*) FILTER (WHERE value = 1)::int AS up, count(*) FILTER (WHERE value = -1)::int AS down
       FROM votes WHERE post_id = '${post.id}' AND comment_id IS NULL`,
    );
    expect(counted).toEqual({ up: expected.upvotes, down: expected.downvotes });
  });

  it('50 parallel comments and comment votes keep the counters exact', async () => {
    const [author] = users;
    if (!author) throw new Error('no users');
    const post = await t.createPost(author);
    const target = (
      await author.client.post('posts/createcomment', {
        postId: post.id,
        commentId: null,
        content: 'Vote me',
      })
    ).json().newComment;
    await Promise.all(
      users.flatMap((u) => [
        u.client.post('posts/createcomment', { postId: post.id, commentId: target.id, content: 'Me too' }),
        u.client.post('posts/vote', { postId: post.id, val: 1, commentId: target.id }),
      ]),
    );
    const got = (await t.client().get(`posts/getapost?id=${post.id}`)).json().post;
    expect(got.commentCount).toBe(USERS + 1);
    expect(got.comments).toHaveLength(USERS + 1);
    const voted = got.comments.find((c: { id: string }) => c.id === target.id);
    expect(voted).toMatchObject({ upvotes: USERS, downvotes: 0 });
  });

  it('50 parallel poll votes, then 50 parallel moves, leave exact option counts', async () => {
    const [author] = users;
    if (!author) throw new Error('no users');
    const poll = await t.createPoll(author, { options: ['A', 'B', 'C'] });
    const option = (k: number) => poll.options[k % 3]?.id;
    await Promise.all(users.map((u, i) => u.client.post('poll/votepoll', { pollOptionId: option(i) })));
    await Promise.all(users.map((u, i) => u.client.post('poll/votepoll', { pollOptionId: option(i % 2) })));

    const { poll: after } = (await t.client().get(`poll/getpoll?id=${poll.id}`)).json();
    const expected = [0, 0, 0];
    users.forEach((_, i) => {
      expected[i % 2] = (expected[i % 2] ?? 0) + 1;
    });
    expect(after.options.map((o: { votes: number }) => o.votes)).toEqual(expected);
    expect(after.totalVotes).toBe(USERS);
    const [rows] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM poll_votes WHERE poll_id = '${poll.id}'`,
    );
    expect(rows?.n).toBe(USERS);
  });
});
