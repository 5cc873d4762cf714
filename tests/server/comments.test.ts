import { beforeAll, describe, expect, it } from 'vitest';
import { type Comment, commentSchema, type Post } from '../../src/domain/entities.ts';
import { AUTH, COMMENTS, POSTS } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let author: Account;
let commenter: Account;
let stranger: Account;
beforeAll(async () => {
  [author, commenter, stranger] = await Promise.all([
    t.signUpAndVerify(),
    t.signUpAndVerify(),
    t.signUpAndVerify(),
  ]);
});

async function comment(
  a: Account,
  post: Post,
  content: string,
  parent: Comment | null = null,
): Promise<Comment> {
  t.clock.advance(1000);
  const res = await a.client.post('posts/createcomment', {
    postId: post.id,
    commentId: parent?.id ?? null,
    content,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().newComment;
}

async function thread(post: Post) {
  const { comments, commentCount } = (await t.client().get(`posts/getapost?id=${post.id}`)).json().post;
  return { comments: comments as Comment[], commentCount: commentCount as number };
}

describe('posts/createcomment', () => {
  it('adds comments and replies, listed flat and oldest first with their parentId', async () => {
    const post = await t.createPost(author);
    const res = await commenter.client.post('posts/createcomment', {
      postId: post.id,
      commentId: null,
      content: '  Top level  ',
    });
    expect(res.statusCode).toBe(201);
    const { msg, newComment: top } = res.json();
    expect(msg).toBe(COMMENTS.added);
    expect(commentSchema.parse(top)).toEqual(top);
    expect(top).toMatchObject({
      body: 'Top level',
      postId: post.id,
      parentId: null,
      userId: commenter.userID,
      user: { username: commenter.username, dp: null },
      deleted: false,
      upvotes: 0,
      downvotes: 0,
      myVote: 0,
    });
    const reply = await comment(author, post, 'A reply', top);
    const second = await comment(stranger, post, 'Another');
    const { comments, commentCount } = await thread(post);
    expect(comments.map((c) => [c.id, c.parentId])).toEqual([
      [top.id, null],
      [reply.id, top.id],
      [second.id, null],
    ]);
    expect(commentCount).toBe(3);
  });

  it('answers 404 to an unknown post, and to a parent that is unknown or of another post', async () => {
    const post = await t.createPost(author);
    const other = await t.createPost(author);
    const elsewhere = await comment(commenter, other, 'elsewhere');
    const create = (postId: string, commentId: string | null) =>
      commenter.client.post('posts/createcomment', { postId, commentId, content: 'x' });
    expectError(await create(crypto.randomUUID(), null), 404, POSTS.notFound);
    expectError(await create(post.id, crypto.randomUUID()), 404, COMMENTS.notFound);
    expectError(await create(post.id, elsewhere.id), 404, COMMENTS.notFound);
    expect((await thread(post)).commentCount).toBe(0);
  });

  it('refuses an empty comment with 400 and a visitor with 401', async () => {
    const post = await t.createPost(author);
    expectError(
      await commenter.client.post('posts/createcomment', { postId: post.id, commentId: null, content: '  ' }),
      400,
      `content: ${COMMENTS.empty}`,
    );
    expectError(
      await t.client().post('posts/createcomment', { postId: post.id, commentId: null, content: 'hi' }),
      401,
      AUTH.notSignedIn,
    );
  });
});

describe('posts/deleteComment', () => {
  it('removes a comment without replies', async () => {
    const post = await t.createPost(author);
    const c = await comment(commenter, post, 'Oops');
    const res = await commenter.client.del('posts/deleteComment', { id: c.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: COMMENTS.deleted });
    expect(await thread(post)).toEqual({ comments: [], commentCount: 0 });
  });

  it('keeps a comment with replies as [deleted], with its text and author gone', async () => {
    const post = await t.createPost(author);
    const parent = await comment(commenter, post, 'Something I regret');
    const reply = await comment(stranger, post, 'Reply', parent);
    expect((await commenter.client.del('posts/deleteComment', { id: parent.id })).statusCode).toBe(200);
    const { comments, commentCount } = await thread(post);
    expect(comments).toEqual([
      expect.objectContaining({
        id: parent.id,
        body: COMMENTS.deletedBody,
        deleted: true,
        user: null,
        userId: null,
      }),
      expect.objectContaining({ id: reply.id, parentId: parent.id, body: 'Reply' }),
    ]);
    expect(commentCount).toBe(1);
    const [row] = await t.query<{ body: string; user_id: string | null }>(
      `SELECT body, user_id FROM comments WHERE id = '${parent.id}'`,
    );
    expect(row).toEqual({ body: COMMENTS.deletedBody, user_id: null });
    expectError(await commenter.client.del('posts/deleteComment', { id: parent.id }), 404, COMMENTS.notFound);

    // The last reply gone, the [deleted] parent has nothing left to show and goes too.
    expect((await stranger.client.del('posts/deleteComment', { id: reply.id })).statusCode).toBe(200);
    expect(await thread(post)).toEqual({ comments: [], commentCount: 0 });
  });

  it('lets the post’s author delete anyone’s comment, and nobody else', async () => {
    const post = await t.createPost(author);
    const c = await comment(commenter, post, 'Off topic');
    expectError(await stranger.client.del('posts/deleteComment', { id: c.id }), 403, POSTS.notAuthor);
    expectError(await t.client().del('posts/deleteComment', { id: c.id }), 401, AUTH.notSignedIn);
    expect((await author.client.del('posts/deleteComment', { id: c.id })).statusCode).toBe(200);
    expect((await thread(post)).comments).toEqual([]);
  });

  it('answers 404 to an unknown comment and 400 to a malformed id', async () => {
    expectError(
      await author.client.del('posts/deleteComment', { id: crypto.randomUUID() }),
      404,
      COMMENTS.notFound,
    );
    expectError(await author.client.del('posts/deleteComment', { id: '1' }), 400, 'id: * must be an id');
  });
});
