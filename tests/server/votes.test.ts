import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Post } from '../../src/domain/entities.ts';
import { AUTH, COMMENTS, POSTS } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let author: Account;
let voter: Account;
beforeAll(async () => {
  author = await t.signUpAndVerify();
  voter = await t.signUpAndVerify();
});

const vote = (a: Account, postId: string, val: number, commentId: string | null = null) =>
  a.client.post('posts/vote', { postId, val, commentId });

async function tallyOf(a: Account, postId: string, val: number, commentId: string | null = null) {
  const res = await vote(a, postId, val, commentId);
  expect(res.statusCode, res.body).toBe(201);
  const { upvotes, downvotes, myVote } = res.json();
  return [upvotes, downvotes, myVote];
}

const noticesAbout = async (post: Post) =>
  ((await author.client.get('u/notification')).json().data as Notification[]).filter(
    (n) => n.postId === post.id,
  );

describe('posts/vote on a post', () => {
  it('takes val literally: 1 sets, 1 again keeps, -1 moves, 0 removes; the reply carries the tally', async () => {
    const post = await t.createPost(author);
    const res = await vote(voter, post.id, 1);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      newUpvote: { postId: post.id, commentId: null, val: 1 },
      upvotes: 1,
      downvotes: 0,
      myVote: 1,
    });
    expect(await tallyOf(voter, post.id, 1)).toEqual([1, 0, 1]);
    expect(await tallyOf(author, post.id, 1)).toEqual([2, 0, 1]);
    expect(await tallyOf(voter, post.id, -1)).toEqual([1, 1, -1]);
    expect(await tallyOf(voter, post.id, 0)).toEqual([1, 0, 0]);
    expect(await tallyOf(voter, post.id, 0)).toEqual([1, 0, 0]);
    const rows = await t.query(`SELECT * FROM votes WHERE post_id = '${post.id}'`);
    expect(rows).toHaveLength(1);
  });

  it('shows each viewer their own vote in the feeds and upvoteNum, 0 to visitors', async () => {
    const post = await t.createPost(author);
    await vote(voter, post.id, -1);
    const inFeed = async (c: Account['client']) =>
      ((await c.get('posts/getPost?limit=50')).json().posts as Post[]).find((p) => p.id === post.id);
    expect(await inFeed(voter.client)).toMatchObject({ upvotes: 0, downvotes: 1, myVote: -1 });
    expect(await inFeed(author.client)).toMatchObject({ upvotes: 0, downvotes: 1, myVote: 0 });
    expect(await inFeed(t.client())).toMatchObject({ myVote: 0 });
    expect((await voter.client.get(`posts/getapost?id=${post.id}`)).json().post.myVote).toBe(-1);

    const num = await voter.client.post('posts/upvoteNum', { postId: post.id });
    expect(num.statusCode).toBe(200);
    expect(num.json()).toEqual({ upvotes: 0, downvotes: 1, myVote: -1 });
    expect((await t.client().post('posts/upvoteNum', { postId: post.id, commentId: null })).json()).toEqual({
      upvotes: 0,
      downvotes: 1,
      myVote: 0,
    });
  });

  it('notifies the author of another user’s vote, once, and never of their own or of a removal', async () => {
    const post = await t.createPost(author, { title: 'Mess food today' });
    await vote(author, post.id, 1);
    expect(await noticesAbout(post)).toEqual([]);

    await vote(voter, post.id, 1);
    await vote(voter, post.id, 0);
    await vote(voter, post.id, 1);
    const afterUp = await noticesAbout(post);
    expect(afterUp).toEqual([
      expect.objectContaining({
        title: POSTS.upvoted,
        body: 'Mess food today',
        fromUser: voter.userID,
        toUser: author.userID,
        user2: { username: voter.username },
      }),
    ]);

    t.clock.advance(1000);
    await vote(voter, post.id, -1);
    expect((await noticesAbout(post)).map((n) => n.title)).toEqual([POSTS.downvoted, POSTS.upvoted]);
    expect(((await voter.client.get('u/notification')).json().data as Notification[]).length).toBe(0);
  });

  it('answers 404 to an unknown post, 400 to bad input, 401 to a visitor', async () => {
    const post = await t.createPost(author);
    expectError(await vote(voter, crypto.randomUUID(), 1), 404, POSTS.notFound);
    expectError(await vote(voter, post.id, 2), 400, 'val: * val must be 1, -1 or 0');
    expectError(await vote(voter, 'abc', 1), 400, 'postId: * must be an id');
    expectError(
      await t.client().post('posts/vote', { postId: post.id, val: 1, commentId: null }),
      401,
      AUTH.notSignedIn,
    );
    expectError(
      await voter.client.post('posts/upvoteNum', { postId: crypto.randomUUID() }),
      404,
      POSTS.notFound,
    );
  });
});

describe('posts/vote on a comment', () => {
  it('toggles like a post vote, keeps the post’s own tally apart, and tells the comment’s author of others’ votes', async () => {
    const post = await t.createPost(author);
    const comment = (
      await author.client.post('posts/createcomment', { postId: post.id, commentId: null, content: 'Mine' })
    ).json().newComment;
    const res = await vote(voter, post.id, 1, comment.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      newUpvote: { postId: post.id, commentId: comment.id, val: 1 },
      upvotes: 1,
      downvotes: 0,
      myVote: 1,
    });
    expect(await tallyOf(voter, post.id, -1, comment.id)).toEqual([0, 1, -1]);
    expect(await tallyOf(author, post.id, -1, comment.id)).toEqual([0, 2, -1]);
    expect(await tallyOf(voter, post.id, 0, comment.id)).toEqual([0, 1, 0]);
    await vote(voter, post.id, 1);

    const got = (await author.client.get(`posts/getapost?id=${post.id}`)).json().post;
    expect(got).toMatchObject({ upvotes: 1, downvotes: 0, myVote: 0 });
    expect(got.comments[0]).toMatchObject({ upvotes: 0, downvotes: 1, myVote: -1 });
    const num = await voter.client.post('posts/upvoteNum', { postId: post.id, commentId: comment.id });
    expect(num.json()).toEqual({ upvotes: 0, downvotes: 1, myVote: 0 });
    // Written at the same test moment: their order is the id's, so compare them sorted.
    const notices = (await noticesAbout(post)).sort((x, y) => x.title.localeCompare(y.title));
    expect(notices.map((n) => [n.kind, n.title])).toEqual([
      ['commentVote', POSTS.commentDownvoted],
      ['commentVote', POSTS.commentUpvoted],
      ['postVote', POSTS.upvoted],
    ]);
    expect(notices[0]).toMatchObject({ commentId: comment.id, body: 'Mine', fromUser: voter.userID });
  });

  it('answers 404 to an unknown comment or one of another post', async () => {
    const post = await t.createPost(author);
    const other = await t.createPost(author);
    const comment = (
      await author.client.post('posts/createcomment', { postId: other.id, commentId: null, content: 'x' })
    ).json().newComment;
    expectError(await vote(voter, post.id, 1, crypto.randomUUID()), 404, COMMENTS.notFound);
    expectError(await vote(voter, post.id, 1, comment.id), 404, COMMENTS.notFound);
    expectError(
      await voter.client.post('posts/upvoteNum', { postId: post.id, commentId: comment.id }),
      404,
      COMMENTS.notFound,
    );
  });
});

describe('u/sendnotification', () => {
  const send = (a: Account, body: Record<string, unknown>) => a.client.post('u/sendnotification', body);

  it('accepts the notice of the sender’s real vote, and does not repeat what posts/vote already said', async () => {
    const post = await t.createPost(author, { title: 'Exam dates' });
    await vote(voter, post.id, 1);
    const res = await send(voter, {
      postId: post.id,
      toUser: author.userID,
      fromUser: voter.userID,
      title: POSTS.upvoted,
      body: 'anything',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ msg: expect.any(String) });
    expect(await noticesAbout(post)).toEqual([
      expect.objectContaining({ title: POSTS.upvoted, body: 'Exam dates', fromUser: voter.userID }),
    ]);
  });

  it('refuses forged notices with 403', async () => {
    const post = await t.createPost(author);
    const base = { postId: post.id, toUser: author.userID, title: POSTS.upvoted, body: '' };
    expectError(await send(voter, base), 403, AUTH.forbidden);
    await vote(voter, post.id, 1);
    expectError(await send(voter, { ...base, title: POSTS.downvoted }), 403, AUTH.forbidden);
    expectError(await send(voter, { ...base, title: 'You won a prize!' }), 403, AUTH.forbidden);
    expectError(await send(voter, { ...base, toUser: voter.userID }), 403, AUTH.forbidden);
    expectError(await send(voter, { ...base, fromUser: author.userID }), 403, AUTH.forbidden);
    await vote(author, post.id, 1);
    expectError(await send(author, base), 403, AUTH.forbidden);
    expect(await noticesAbout(post)).toHaveLength(1);
  });

  it('answers 404 to an unknown post, 400 to bad input and 401 to a visitor', async () => {
    const base = { postId: crypto.randomUUID(), toUser: author.userID, title: POSTS.upvoted, body: '' };
    expectError(await send(voter, base), 404, POSTS.notFound);
    expectError(await send(voter, { ...base, toUser: 'x' }), 400, 'toUser: * userID must be a UUID');
    expectError(await t.client().post('u/sendnotification', base), 401, AUTH.notSignedIn);
  });
});
