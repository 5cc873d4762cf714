/**
 * search/getposts and search/getcomments (issue 33): full-text search of posts, polls and comments,
 * best match first, the last word as a prefix, 10 a page, through the visibility rule, and never a
 * 500 whatever the key.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH } from '../../src/domain/messages.ts';
import { profileResponses } from '../../src/domain/profileSchemas.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

let author: Account;
let member: Account;
let stranger: Account;
const ids = { titled: '', bodied: '', poll: '', secret: '', removed: '', comment: '', secretComment: '' };

async function comment(account: Account, postId: string, content: string) {
  const res = await account.client.post('posts/createcomment', { postId, commentId: null, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().newComment.id as string;
}

beforeAll(async () => {
  author = await t.signUpAndVerify();
  member = await t.signUpAndVerify();
  stranger = await t.signUpAndVerify();
  const closed = await t.createRoom(author, { privacy: 'true' });
  await author.client.post(`rooms/addUserinRoom/${member.username}`, { title: closed.title });
  expect((await member.client.post('rooms/join', { title: closed.title })).statusCode).toBe(200);

  // Titles weigh more than bodies, and a word in both more than in one.
  ids.bodied = (
    await t.createPost(author, { title: 'Hostel food', body: 'The library closes early on Sundays.' })
  ).id;
  t.clock.advance(1000);
  ids.titled = (
    await t.createPost(author, { title: 'Library timings', body: 'When does the library open?' })
  ).id;
  t.clock.advance(1000);
  ids.poll = (await t.createPoll(author, { title: 'Is the library open at night?' })).id;
  t.clock.advance(1000);
  ids.secret = (
    await t.createPost(author, {
      title: 'Library secret',
      body: 'Only for members.',
      topic: '',
      subCommunity: closed.id,
    })
  ).id;
  ids.removed = (await t.createPost(author, { title: 'Removed library rant' })).id;
  await t.query(`UPDATE posts SET moderation = 'removed' WHERE id = '${ids.removed}'`);
  ids.comment = await comment(member, ids.titled, 'It opens at eight in the morning.');
  ids.secretComment = await comment(member, ids.secret, 'The morning shift is quiet.');
});

const found = async (client: Account['client'], path: string) => {
  const res = await client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const postsFor = async (client: Account['client'], key: string, query = '') =>
  profileResponses.foundPosts.parse(
    await found(client, `search/getposts?key=${encodeURIComponent(key)}${query}`),
  ).posts;
const commentsFor = async (client: Account['client'], key: string) =>
  profileResponses.foundComments.parse(
    await found(client, `search/getcomments?key=${encodeURIComponent(key)}`),
  ).comments;

describe('search/getposts', () => {
  it('finds posts and polls by their words, best match first, each with its kind', async () => {
    const posts = await postsFor(t.client(), 'library');
    expect(posts.map((p) => [p.id, p.kind])).toEqual([
      [ids.titled, 'post'],
      [ids.poll, 'poll'],
      [ids.bodied, 'post'],
    ]);
    expect(posts[0]?.title).toBe('Library timings');
  });

  it('matches stemmed words and the last word typed as a prefix', async () => {
    expect((await postsFor(t.client(), 'libraries')).map((p) => p.id)).toContain(ids.titled);
    expect((await postsFor(t.client(), 'library tim')).map((p) => p.id)).toEqual([ids.titled]);
    expect(await postsFor(t.client(), 'tim library')).toEqual([]);
  });

  it('shows a private room post to its members only, never a removed one', async () => {
    expect((await postsFor(member.client, 'secret')).map((p) => p.id)).toEqual([ids.secret]);
    expect(await postsFor(stranger.client, 'secret')).toEqual([]);
    expect(await postsFor(t.client(), 'secret')).toEqual([]);
    expect(await postsFor(author.client, 'rant')).toEqual([]);
  });

  it('leaves out what the viewer hid and people the viewer blocked', async () => {
    const viewer = await t.signUpAndVerify();
    await viewer.client.post('safety/hide', { kind: 'post', id: ids.bodied });
    expect((await postsFor(viewer.client, 'library')).map((p) => p.id)).toEqual([ids.titled, ids.poll]);
    await viewer.client.post('u/block', { username: author.username });
    expect(await postsFor(viewer.client, 'library')).toEqual([]);
  });

  it('keeps a masked post in the results behind its mask', async () => {
    await t.query(`UPDATE posts SET moderation = 'masked' WHERE id = '${ids.bodied}'`);
    try {
      const masked = (await postsFor(stranger.client, 'hostel'))[0];
      expect(masked).toMatchObject({ id: ids.bodied, masked: true });
    } finally {
      await t.query(`UPDATE posts SET moderation = NULL WHERE id = '${ids.bodied}'`);
    }
  });

  it('pages by `page` and `limit`', async () => {
    const first = await postsFor(t.client(), 'library', '&page=0&limit=2');
    const second = await postsFor(t.client(), 'library', '&page=1&limit=2');
    expect([...first, ...second].map((p) => p.id)).toEqual([ids.titled, ids.poll, ids.bodied]);
  });
});

describe('search/getcomments', () => {
  it('finds comments with the post they answer, in rooms the viewer reads', async () => {
    const comments = await commentsFor(t.client(), 'morning');
    expect(comments.map((c) => [c.id, c.post.id, c.post.title])).toEqual([
      [ids.comment, ids.titled, 'Library timings'],
    ]);
    expect((await commentsFor(member.client, 'morning')).map((c) => c.id)).toContain(ids.secretComment);
  });

  it('leaves out comments of people the viewer blocked', async () => {
    const viewer = await t.signUpAndVerify();
    await viewer.client.post('u/block', { username: member.username });
    expect(await commentsFor(viewer.client, 'morning')).toEqual([]);
  });
});

describe('search keys', () => {
  it('finds nothing for an empty key or one without words', async () => {
    for (const key of ['', '   ', '&|!', "':*"]) {
      expect(await postsFor(t.client(), key)).toEqual([]);
      expect(await commentsFor(t.client(), key)).toEqual([]);
    }
  });

  it('refuses a key longer than 50 characters', async () => {
    for (const path of ['getposts', 'getcomments', 'getusers']) {
      expectError(
        await t.client().get(`search/${path}?key=${'a'.repeat(51)}`),
        400,
        `key: ${SEARCH.keyLong}`,
      );
    }
  });

  it('takes tsquery operators as separators, never failing', async () => {
    const keys = [
      "a & | ! ( ) :* '",
      'library:*',
      "library' | 'x",
      '!library',
      '(library',
      'lib <-> tim',
      '\\',
      '"',
    ];
    for (const key of keys) {
      for (const path of ['getposts', 'getcomments']) {
        const res = await t.client().get(`search/${path}?key=${encodeURIComponent(key)}`);
        expect(res.statusCode, `${path} ${key}`).toBe(200);
      }
    }
    expect((await postsFor(t.client(), "library' | 'x")).map((p) => p.id)).toEqual([]);
    expect((await postsFor(t.client(), '(library)')).map((p) => p.id)).toContain(ids.titled);
  });

  it('pages people and rooms too', async () => {
    const key = author.username.slice(1, 8);
    const first = await found(t.client(), `search/getusers?key=${key}&page=0`);
    const second = await found(t.client(), `search/getusers?key=${key}&page=1`);
    expect(first.users).toEqual([{ username: author.username, dp: null }]);
    expect(second.users).toEqual([]);
  });
});
