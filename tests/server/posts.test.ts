import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../server/infra/errors.ts';
import { LIMITS } from '../../src/domain/constants.ts';
import { type Post, postSchema } from '../../src/domain/entities.ts';
import { AUTH, COMMENTS, POSTS } from '../../src/domain/messages.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let author: Account;
let reader: Account;
beforeAll(async () => {
  author = await t.signUpAndVerify();
  reader = await t.signUpAndVerify();
});

const HOUR = 60 * 60_000;
const ids = (posts: Post[]) => posts.map((p) => p.id);

/** Posts made one minute apart, after everything made so far: the newest of the app. */
async function newestPosts(n: number, form: Record<string, string> = {}): Promise<Post[]> {
  const made: Post[] = [];
  t.clock.advance(HOUR);
  for (let i = 0; i < n; i += 1) {
    t.clock.advance(60_000);
    made.push(await t.createPost(author, { title: `Post ${i}`, ...form }));
  }
  return made.reverse();
}

describe('posts/postWithImg', () => {
  it('creates a post without an image and answers 201 with it, the author shown by username only', async () => {
    const res = await author.client.postForm('posts/postWithImg', {
      title: '  Where is the library?  ',
      topic: 'iet',
      body: 'Asking for a friend.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { msg, post } = res.json();
    expect(msg).toBe(POSTS.posted);
    expect(postSchema.parse(post)).toEqual(post);
    expect(post).toMatchObject({
      title: 'Where is the library?',
      topic: 'iet',
      body: 'Asking for a friend.',
      img: null,
      userId: author.userID,
      user: { username: author.username, dp: null },
      subCommunity: null,
      upvotes: 0,
      downvotes: 0,
      myVote: 0,
      commentCount: 0,
    });
  });

  it('answers 401 to a visitor', async () => {
    const res = await t.client().postForm('posts/postWithImg', { title: 'x', topic: 'iet', body: 'y' });
    expectError(res, 401, AUTH.notSignedIn);
  });

  it.each([
    [
      'a missing title',
      { topic: 'iet', body: 'b' },
      'title: Invalid input: expected string, received undefined',
    ],
    ['a blank title', { title: '   ', topic: 'iet', body: 'b' }, `title: ${POSTS.titleRequired}`],
    [
      'a 301-character title',
      { title: 'x'.repeat(301), topic: 'iet', body: 'b' },
      `title: ${POSTS.titleLong}`,
    ],
    ['an empty body', { title: 't', topic: 'iet', body: '' }, `body: ${POSTS.descriptionEmpty}`],
    ['an unknown topic', { title: 't', topic: 'cooking', body: 'b' }, `topic: ${POSTS.topicRequired}`],
    ['no topic', { title: 't', body: 'b' }, `topic: ${POSTS.topicRequired}`],
    [
      'a body over 40,000 characters',
      { title: 't', topic: 'iet', body: 'x'.repeat(40_001) },
      `body: ${POSTS.descriptionLong}`,
    ],
  ])('refuses %s with 400 naming the field', async (_name, form, msg) => {
    expectError(await author.client.postForm('posts/postWithImg', form), 400, msg);
  });

  it('accepts a 300-character title', async () => {
    const post = await t.createPost(author, { title: 'x'.repeat(LIMITS.postTitle) });
    expect(post.title).toHaveLength(300);
  });

  it('answers 413 to a text field far over any limit', async () => {
    const res = await author.client.postForm('posts/postWithImg', {
      title: 't',
      topic: 'iet',
      body: 'x'.repeat(400_000),
    });
    expectError(res, 413, SERVER_MESSAGES.bodyTooLarge);
  });

  it('answers 415 to a JSON body', async () => {
    const res = await author.client.post('posts/postWithImg', { title: 't', topic: 'iet', body: 'b' });
    expect(res.statusCode).toBe(415);
  });
});

describe('posts/getapost', () => {
  it('returns the post with its comments to a visitor', async () => {
    const post = await t.createPost(author);
    await reader.client.post('posts/createcomment', { postId: post.id, commentId: null, content: 'First!' });
    const res = await t.client().get(`posts/getapost?id=${post.id}`);
    expect(res.statusCode).toBe(200);
    const got = res.json().post;
    expect(got).toMatchObject({ id: post.id, title: post.title, commentCount: 1, myVote: 0 });
    expect(got.comments).toEqual([
      expect.objectContaining({
        body: 'First!',
        user: { username: reader.username, dp: null },
        parentId: null,
      }),
    ]);
  });

  it('answers 404 to an unknown id and 400 to a malformed one', async () => {
    expectError(await t.client().get(`posts/getapost?id=${crypto.randomUUID()}`), 404, POSTS.notFound);
    expectError(await t.client().get('posts/getapost?id=42'), 400, 'id: * must be an id');
  });
});

describe('posts/getPost (home feed)', () => {
  it('lists posts newest first, 15 by default, paged by offset and limit', async () => {
    const mine = await newestPosts(17);
    const first = (await t.client().get('posts/getPost')).json().posts as Post[];
    expect(ids(first)).toEqual(ids(mine.slice(0, LIMITS.homePageSize)));
    const page = (await t.client().get('posts/getPost?offset=3&limit=4')).json().posts as Post[];
    expect(ids(page)).toEqual(ids(mine.slice(3, 7)));
    for (const p of page) postSchema.parse(p);
  });

  it('refuses a limit over the maximum and a negative offset', async () => {
    expect((await t.client().get('posts/getPost?limit=51')).statusCode).toBe(400);
    expect((await t.client().get('posts/getPost?offset=-1')).statusCode).toBe(400);
  });
});

describe('posts/q/hottopic', () => {
  it('lists the posts of one topic, newest first, by page from 0', async () => {
    const sports = await newestPosts(5, { topic: 'sports' });
    await newestPosts(1, { topic: 'dsa' });
    const page0 = (await t.client().get('posts/q/hottopic?topic=sports&page=0&limit=2')).json().posts;
    const page1 = (await t.client().get('posts/q/hottopic?topic=sports&page=1&limit=2')).json().posts;
    expect(ids(page0)).toEqual(ids(sports.slice(0, 2)));
    expect(ids(page1)).toEqual(ids(sports.slice(2, 4)));
    const all = (await t.client().get('posts/q/hottopic?topic=sports&limit=50')).json().posts as Post[];
    expect(all.every((p) => p.topic === 'sports')).toBe(true);
  });

  it('answers 400 to an unknown topic', async () => {
    expectError(await t.client().get('posts/q/hottopic?topic=cooking'), 400, `topic: ${POSTS.topicRequired}`);
  });
});

describe('posts/delete', () => {
  it('lets the author delete a post with its comments, votes and notifications', async () => {
    const post = await t.createPost(author, { postImg: { data: await jpeg() } });
    await reader.client.post('posts/vote', { postId: post.id, val: 1, commentId: null });
    await reader.client.post('posts/createcomment', { postId: post.id, commentId: null, content: 'hi' });
    const before = await t.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM votes WHERE post_id = '${post.id}')::int
            + (SELECT count(*) FROM comments WHERE post_id = '${post.id}')::int
            + (SELECT count(*) FROM notifications WHERE post_id = '${post.id}')::int AS n`,
    );
    // the vote, the comment, and their notices to the author (the upvote's and the reply's)
    expect(before[0]?.n).toBe(4);
    expect((await t.client().get(post.img ?? '')).statusCode).toBe(200);

    const res = await author.client.del('posts/delete', { id: post.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: POSTS.deleted });

    const after = await t.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM votes WHERE post_id = '${post.id}')::int
            + (SELECT count(*) FROM comments WHERE post_id = '${post.id}')::int
            + (SELECT count(*) FROM notifications WHERE post_id = '${post.id}')::int AS n`,
    );
    expect(after[0]?.n).toBe(0);
    expectError(await t.client().get(`posts/getapost?id=${post.id}`), 404, POSTS.notFound);
    expect((await t.client().get(post.img ?? '')).statusCode).toBe(404);
  });

  it('answers 403 to anyone but the author, 404 to an unknown post, 401 to a visitor', async () => {
    const post = await t.createPost(author);
    expectError(await reader.client.del('posts/delete', { id: post.id }), 403, POSTS.notAuthor);
    expectError(await t.client().del('posts/delete', { id: post.id }), 401, AUTH.notSignedIn);
    expectError(await author.client.del('posts/delete', { id: crypto.randomUUID() }), 404, POSTS.notFound);
    expectError(await author.client.del('posts/delete', { id: 'nope' }), 400, 'id: * must be an id');
    expect((await t.client().get(`posts/getapost?id=${post.id}`)).statusCode).toBe(200);
  });
});

describe('anonymity of posts and polls', () => {
  it('no posts or polls response carries an e-mail address', async () => {
    const post = await t.createPost(author);
    await reader.client.post('posts/createcomment', { postId: post.id, commentId: null, content: 'Hello' });
    const poll = await t.createPoll(author);
    await reader.client.post('poll/votepoll', { pollOptionId: poll.options[0]?.id });
    const bodies = await Promise.all(
      [
        reader.client.get('posts/getPost'),
        reader.client.get(`posts/getapost?id=${post.id}`),
        reader.client.get('posts/q/hottopic?topic=dsa'),
        reader.client.get('posts/popular'),
        reader.client.post('posts/vote', { postId: post.id, val: 1, commentId: null }),
        reader.client.post('posts/upvoteNum', { postId: post.id }),
        reader.client.post('posts/createcomment', { postId: post.id, commentId: null, content: 'Again' }),
        reader.client.get('poll/getallpolls'),
        reader.client.get(`poll/getpoll?id=${poll.id}`),
        reader.client.get('poll/q/hottopicspoll?topic=iet'),
        reader.client.post('poll/votepoll', { pollOptionId: poll.options[1]?.id }),
      ].map(async (res) => (await res).body),
    );
    const all = bodies.join('\n');
    expect(all).toContain(author.username);
    for (const { email } of [author, reader]) {
      expect(all).not.toContain(email);
      expect(all).not.toContain(email.split('@')[0]);
    }
    expect(all).not.toContain('@');
    expect(all).not.toContain(COMMENTS.deletedBody);
  });
});
