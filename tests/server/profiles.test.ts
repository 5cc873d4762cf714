import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH, SEARCH } from '../../src/domain/messages.ts';
import { PROFILE } from '../../src/domain/peopleMessages.ts';
import { profileResponses } from '../../src/domain/profileSchemas.ts';
import { type Account, expectError, randomUsername, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

/** author writes in topics, in a public room and in a private room; member joined the private room. */
let author: Account;
let member: Account;
let stranger: Account;
const ids = { topicPost: '', publicPost: '', privatePost: '', topicPoll: '', privatePoll: '' };
const commentIds = { onTopic: '', onPrivate: '' };
let privateRoom = { id: '', title: '' };

async function comment(account: Account, postId: string, content: string) {
  const res = await account.client.post('posts/createcomment', { postId, commentId: null, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().newComment.id as string;
}

beforeAll(async () => {
  author = await t.signUpAndVerify(undefined, { username: `Prof${randomUsername().slice(1, 7)}` });
  member = await t.signUpAndVerify();
  stranger = await t.signUpAndVerify();
  const open = await t.createRoom(author);
  const closed = await t.createRoom(author, { privacy: 'true' });
  privateRoom = { id: closed.id, title: closed.title };
  await author.client.post(`rooms/addUserinRoom/${member.username}`, { title: closed.title });
  expect((await member.client.post('rooms/join', { title: closed.title })).statusCode).toBe(200);

  ids.topicPost = (await t.createPost(author, { title: 'Topic post' })).id;
  t.clock.advance(1000);
  ids.publicPost = (
    await t.createPost(author, { title: 'Public room post', topic: '', subCommunity: open.id })
  ).id;
  t.clock.advance(1000);
  ids.privatePost = (
    await t.createPost(author, { title: 'Secret post', topic: '', subCommunity: closed.id })
  ).id;
  t.clock.advance(1000);
  commentIds.onTopic = await comment(author, ids.topicPost, 'A topic comment');
  t.clock.advance(1000);
  commentIds.onPrivate = await comment(author, ids.privatePost, 'A secret comment');
  t.clock.advance(1000);
  ids.topicPoll = (await t.createPoll(author)).id;
  ids.privatePoll = (await t.createPoll(author, { topic: undefined, subCommunity: closed.id })).id;
  for (const postId of [ids.topicPost, ids.privatePost]) {
    t.clock.advance(1000); // newest first needs distinct times: ties fall back to random vote ids
    const res = await author.client.post('posts/vote', { postId, val: 1, commentId: null });
    expect(res.statusCode, res.body).toBe(201);
  }
});

const get = (client: Account['client'], url: string) => client.get(url);
const postIdsOf = (res: { json(): { posts: { id: string }[] } }) => res.json().posts.map((p) => p.id);

describe('search/getusers', () => {
  it('finds people and rooms by a case-insensitive substring, verified people only', async () => {
    const pending = await t.signUp(undefined, { username: `${author.username}x` });
    const key = author.username.slice(2, 7).toLowerCase();
    const res = await t.client().get(`search/getusers?key=${key}`);
    expect(res.statusCode).toBe(200);
    const body = profileResponses.search.strict().parse(res.json());
    expect(body.users).toEqual([{ username: author.username, dp: null }]);
    expect(body.users.map((u) => u.username)).not.toContain(pending.username);
    const rooms = (
      await t.client().get(`search/getusers?key=${privateRoom.title.slice(3).toUpperCase()}`)
    ).json();
    expect(rooms.rooms).toEqual([{ title: privateRoom.title, CreatorId: author.userID, img: null }]);
  });

  it('puts names that match earlier and shorter first, at most 10 of each', async () => {
    const tag = randomUsername().slice(1, 6).toLowerCase();
    for (const prefix of ['zz', 'z', '', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      await t.signUpAndVerify(undefined, { username: `${prefix}${tag}_${prefix || 'q'}` });
    }
    const { users } = (await t.client().get(`search/getusers?key=${tag}`)).json();
    expect(users.map((u: { username: string }) => u.username)).toEqual([
      `${tag}_q`,
      ...['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'z'].map((p) => `${p}${tag}_${p}`),
    ]);
  });

  it('takes % and _ literally, and finds nothing for an empty key', async () => {
    expect((await t.client().get('search/getusers?key=%25')).json()).toEqual({ users: [], rooms: [] });
    expect((await t.client().get('search/getusers?key=')).json()).toEqual({ users: [], rooms: [] });
    expect((await t.client().get('search/getusers')).json()).toEqual({ users: [], rooms: [] });
    expectError(await t.client().get(`search/getusers?key=${'a'.repeat(51)}`), 400, `key: ${SEARCH.keyLong}`);
  });
});

describe('search/getauser', () => {
  it('shows the public profile with counts, never the e-mail', async () => {
    await t.query(
      `UPDATE users SET bio = 'Hi', codeforces = 'expert', show_cf = true, show_lc = true,
       leetcode_sealed = '${t.crypto.sealField('lc_name')}' WHERE id = '${author.userID}'`,
    );
    const res = await stranger.client.get(`search/getauser?key=${author.username.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const { user } = profileResponses.profile.parse(res.json());
    expect(user).toEqual({
      userID: author.userID,
      username: author.username,
      bio: 'Hi',
      dp: null,
      bgImg: null,
      createdAt: expect.any(String),
      leetcode: 'lc_name',
      codeforces: 'expert',
      showLC: true,
      showCf: true,
      _count: { posts: 2, comments: 1, upvotes: 1, polls: 1 },
      masked: false,
      maskedForOthers: false,
    });
    expect(res.body).not.toContain(author.email);
    expect(res.body).not.toContain(author.email.split('@')[0]);
  });

  it('counts private-room content for members only', async () => {
    const { user } = (await member.client.get(`search/getauser?key=${author.username}`)).json();
    expect(user._count).toEqual({ posts: 3, comments: 2, upvotes: 2, polls: 2 });
    expect((await t.client().get(`search/getauser?key=${author.username}`)).json().user._count.posts).toBe(2);
  });

  it('hides the handle and the rank while their toggles are off', async () => {
    await t.query(`UPDATE users SET show_cf = false, show_lc = false WHERE id = '${author.userID}'`);
    const { user } = (await t.client().get(`search/getauser?key=${author.username}`)).json();
    expect(user).toMatchObject({ leetcode: null, codeforces: null, showLC: false, showCf: false });
    await t.query(`UPDATE users SET show_lc = true, leetcode_sealed = NULL WHERE id = '${author.userID}'`);
    const after = (await t.client().get(`search/getauser?key=${author.username}`)).json().user;
    expect(after).toMatchObject({ leetcode: null, showLC: false });
  });

  it('answers 404 for nobody and for an unverified account', async () => {
    const pending = await t.signUp();
    expectError(await t.client().get('search/getauser?key=nobody_at_all'), 404, PROFILE.userNotFound);
    expectError(await t.client().get(`search/getauser?key=${pending.username}`), 404, PROFILE.userNotFound);
    expectError(
      await t.client().get('search/getauser'),
      400,
      'key: Invalid input: expected string, received undefined',
    );
  });
});

describe('profile lists', () => {
  it('lists posts newest first, private-room posts to members only', async () => {
    const url = `search/getuserposts?userID=${author.userID}&username=${author.username}&page=0&limit=10&offset=0`;
    expect(postIdsOf(await get(stranger.client, url))).toEqual([ids.publicPost, ids.topicPost]);
    expect(postIdsOf(await get(t.client(), url))).toEqual([ids.publicPost, ids.topicPost]);
    const mine = await get(member.client, url);
    expect(postIdsOf(mine)).toEqual([ids.privatePost, ids.publicPost, ids.topicPost]);
    const secret = profileResponses.posts.parse(mine.json()).posts[0];
    expect(secret?.room).toMatchObject({ id: privateRoom.id, privateRoom: true, joined: true });
  });

  it('pages by offset, or by page when no offset is given', async () => {
    const base = `search/getuserposts?username=${author.username}&limit=1`;
    expect(postIdsOf(await get(member.client, `${base}&offset=1`))).toEqual([ids.publicPost]);
    expect(postIdsOf(await get(member.client, `${base}&page=2`))).toEqual([ids.topicPost]);
    expect(postIdsOf(await get(member.client, `${base}&page=3`))).toEqual([]);
  });

  it('lists polls, private-room polls to members only', async () => {
    const url = `search/getuserpolls?userId=${author.userID}&page=0&limit=10`;
    const pollIds = async (c: Account['client']) =>
      profileResponses.polls.parse((await get(c, url)).json()).polls.map((p) => p.id);
    expect(await pollIds(stranger.client)).toEqual([ids.topicPoll]);
    expect((await pollIds(member.client)).sort()).toEqual([ids.topicPoll, ids.privatePoll].sort());
  });

  it('lists comments with their post, private-room ones to members only', async () => {
    const url = `search/getusercomments?username=${author.username}&page=0&limit=10`;
    const seen = profileResponses.comments.parse((await get(stranger.client, url)).json()).comments;
    expect(seen.map((c) => c.id)).toEqual([commentIds.onTopic]);
    expect(seen[0]).toMatchObject({
      body: 'A topic comment',
      user: { username: author.username },
      post: { id: ids.topicPost, title: 'Topic post', subCommunity: null },
    });
    const all = (await get(member.client, url)).json().comments.map((c: { id: string }) => c.id);
    expect(all).toEqual([commentIds.onPrivate, commentIds.onTopic]);
  });

  it('merges posts and comments newest first in the overview', async () => {
    const url = `search/getuseroverview?username=${author.username}&page=0&limit=10`;
    const items = profileResponses.overview.parse((await get(member.client, url)).json()).items;
    expect(items.map((i) => (i.kind === 'post' ? i.post.id : i.comment.id))).toEqual([
      commentIds.onPrivate,
      commentIds.onTopic,
      ids.privatePost,
      ids.publicPost,
      ids.topicPost,
    ]);
    const visitor = (await get(t.client(), url)).json().items;
    expect(visitor.map((i: { kind: string }) => i.kind)).toEqual(['comment', 'post', 'post']);
    const second = (await get(member.client, `${url.replace('limit=10', 'limit=2')}&offset=2`)).json().items;
    expect(second.map((i: { post: { id: string } }) => i.post.id)).toEqual([ids.privatePost, ids.publicPost]);
  });

  it('shows upvotes to their owner only', async () => {
    const url = `search/getuserupvotes?userId=${author.userID}&page=0&limit=10`;
    const res = await get(author.client, url);
    expect(res.statusCode, res.body).toBe(200);
    const { upvotes } = profileResponses.upvotes.parse(res.json());
    expect(upvotes.map((u) => u.postId)).toEqual([ids.privatePost, ids.topicPost]);
    expect(upvotes[0]?.post).toMatchObject({ id: ids.privatePost, myVote: 1, upvotes: 1 });
    expectError(await get(member.client, url), 403, PROFILE.upvotesPrivate);
    expectError(await get(t.client(), url), 403, PROFILE.upvotesPrivate);
  });

  it('hides what a member stops seeing after leaving the private room', async () => {
    const leaver = await t.signUpAndVerify();
    await author.client.post(`rooms/addUserinRoom/${leaver.username}`, { title: privateRoom.title });
    await leaver.client.post('rooms/join', { title: privateRoom.title });
    const url = `search/getuserposts?username=${author.username}`;
    expect(postIdsOf(await get(leaver.client, url))).toContain(ids.privatePost);
    await leaver.client.post(`rooms/leave/${privateRoom.id}`);
    expect(postIdsOf(await get(leaver.client, url))).not.toContain(ids.privatePost);
  });

  it.each([
    ['no user named', 'search/getuserposts?page=0', 400, PROFILE.whoRequired],
    ['a malformed userID', 'search/getusercomments?userID=me', 400, 'userID: * userID must be a UUID'],
    ['a negative page', 'search/getuserpolls?username=x&page=-1', 400, 'page: * must not be negative'],
    [
      'a limit of 51',
      'search/getuserposts?username=x&limit=51',
      400,
      'limit: Too big: expected number to be <=50',
    ],
    ['nobody', 'search/getuseroverview?username=nobody_at_all', 404, PROFILE.userNotFound],
  ])('answers %s (%s)', async (_name, url, status, msg) => {
    expectError(await t.client().get(url), status, msg);
  });

  it('does not answer the reads of another user’s e-mail', async () => {
    expectError(await stranger.client.get(`u/${encodeURIComponent(author.email)}`), 403, AUTH.forbidden);
  });
});
