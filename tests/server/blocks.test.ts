import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { POLLS, POSTS } from '../../src/domain/messages.ts';
import { PROFILE } from '../../src/domain/peopleMessages.ts';
import { SAFETY } from '../../src/domain/safety.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let me: Account;
let them: Account;
let bystander: Account;

beforeAll(async () => {
  me = await t.signUpAndVerify();
  them = await t.signUpAndVerify();
  bystander = await t.signUpAndVerify();
});

const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('u/block and u/unblock', () => {
  it('blocks by username in any letter case, twice as once, and lists the blocked newest first', async () => {
    const other = await t.signUpAndVerify();
    const res = await me.client.post('u/block', { username: them.username.toLowerCase() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ msg: SAFETY.blocked(them.username) });
    expect((await me.client.post('u/block', { username: them.username })).statusCode).toBe(201);
    t.clock.advance(1000);
    await me.client.post('u/block', { username: other.username });
    const list = await me.client.get('u/blocked');
    expect(list.json()).toEqual({
      users: [
        { username: other.username, dp: null },
        { username: them.username, dp: null },
      ],
    });
    const unblocked = await me.client.post('u/unblock', { username: other.username });
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toEqual({ msg: SAFETY.unblocked(other.username) });
    expect((await me.client.get('u/blocked')).json().users).toEqual([{ username: them.username, dp: null }]);
  });

  it('refuses oneself, an unknown person and a visitor', async () => {
    expectError(await me.client.post('u/block', { username: me.username }), 400, SAFETY.blockSelf);
    expectError(await me.client.post('u/block', { username: 'nobody_here' }), 404, PROFILE.userNotFound);
    expectError(await me.client.post('u/unblock', { username: 'nobody_here' }), 404, PROFILE.userNotFound);
    expect((await me.client.post('u/block', {})).statusCode).toBe(400);
    const visitor = t.client();
    expect((await visitor.post('u/block', { username: them.username })).statusCode).toBe(401);
    expect((await visitor.get('u/blocked')).statusCode).toBe(401);
  });
});

describe('what a block hides', () => {
  it('drops their posts and polls from the blocker’s feeds and pages, not from others’', async () => {
    const post = await t.createPost(them, { topic: 'dsa' });
    const poll = await t.createPoll(them, { topic: 'iet' });
    await me.client.post('u/block', { username: them.username });
    const feeds = [
      ['posts/getPost?offset=0&limit=50', 'posts', post.id],
      ['posts/q/hottopic?topic=dsa&page=0&limit=50', 'posts', post.id],
      ['poll/getallpolls?offset=0&limit=50', 'polls', poll.id],
    ] as const;
    for (const [url, key, id] of feeds) {
      expect(ids((await me.client.get(url)).json()[key]), url).not.toContain(id);
      expect(ids((await bystander.client.get(url)).json()[key]), url).toContain(id);
    }
    expectError(await me.client.get(`posts/getapost?id=${post.id}`), 404, POSTS.notFound);
    expect((await bystander.client.get(`posts/getapost?id=${post.id}`)).statusCode).toBe(200);
  });

  it('collapses their comments in threads (authorBlocked) for the blocker only', async () => {
    const post = await t.createPost(bystander);
    const made = await them.client.post('posts/createcomment', {
      postId: post.id,
      commentId: null,
      content: 'Hi',
    });
    const commentId = made.json().newComment.id;
    await me.client.post('u/block', { username: them.username });
    const find = async (a: Account) =>
      (await a.client.get(`posts/getapost?id=${post.id}`))
        .json()
        .post.comments.find((c: { id: string }) => c.id === commentId);
    expect((await find(me)).authorBlocked).toBe(true);
    expect((await find(bystander)).authorBlocked).toBe(false);
  });

  it('keeps their vote notices and join requests from reaching the blocker', async () => {
    const post = await t.createPost(me);
    const room = await t.createRoom(me, { privacy: 'true' });
    await me.client.post('u/block', { username: them.username });
    expect(
      (await them.client.post('posts/vote', { postId: post.id, val: 1, commentId: null })).statusCode,
    ).toBe(201);
    await them.client.post('u/sendnotification', {
      postId: post.id,
      toUser: me.userID,
      fromUser: them.userID,
      title: 'upvoted your post',
    });
    const request = await them.client.post(`rooms/addUserinRoom/${them.username}`, { title: room.title });
    expectError(request, 403, SAFETY.blockedYou);
    const notices = (await me.client.get('u/notification')).json().data as { fromUser: string | null }[];
    expect(notices.filter((n) => n.fromUser === them.userID)).toEqual([]);
  });
});

describe('safety/hide and safety/unhide', () => {
  it('drops a post or poll from the hider’s feeds only, and brings it back', async () => {
    const post = await t.createPost(bystander);
    const poll = await t.createPoll(bystander);
    const hidden = await me.client.post('safety/hide', { kind: 'post', id: post.id });
    expect(hidden.statusCode, hidden.body).toBe(201);
    expect(hidden.json()).toEqual({ msg: SAFETY.hidden });
    expect((await me.client.post('safety/hide', { kind: 'post', id: post.id })).statusCode).toBe(201);
    expect((await me.client.post('safety/hide', { kind: 'poll', id: poll.id })).statusCode).toBe(201);
    const home = 'posts/getPost?offset=0&limit=50';
    const polls = 'poll/getallpolls?offset=0&limit=50';
    expect(ids((await me.client.get(home)).json().posts)).not.toContain(post.id);
    expect(ids((await me.client.get(polls)).json().polls)).not.toContain(poll.id);
    expect(ids((await them.client.get(home)).json().posts)).toContain(post.id);
    expect((await me.client.get(`posts/getapost?id=${post.id}`)).statusCode).toBe(200);

    const shown = await me.client.post('safety/unhide', { kind: 'post', id: post.id });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ msg: SAFETY.unhidden });
    expect(ids((await me.client.get(home)).json().posts)).toContain(post.id);
  });

  it('answers 404 for an unknown item and 400 for another kind', async () => {
    expectError(await me.client.post('safety/hide', { kind: 'post', id: randomUUID() }), 404, POSTS.notFound);
    expectError(await me.client.post('safety/unhide', { kind: 'poll', id: 'nope' }), 404, POLLS.notFound);
    expect((await me.client.post('safety/hide', { kind: 'comment', id: randomUUID() })).statusCode).toBe(400);
    expect((await t.client().post('safety/hide', { kind: 'post', id: randomUUID() })).statusCode).toBe(401);
  });
});

describe('safety/resources', () => {
  it('lists the crisis resources to anyone', async () => {
    const res = await t.client().get('safety/resources');
    expect(res.statusCode).toBe(200);
    expect(res.json().resources[0]).toMatchObject({ name: expect.any(String) });
  });
});
