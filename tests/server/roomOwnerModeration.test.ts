/**
 * A room's owner moderates the room (docs/moderation.md "Room owners"): removes its posts, polls and
 * comments and its members; each action goes in the room's log, which members read and strangers do
 * not. Through the API as a visitor, a stranger, a member, the author and the owner.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Room } from '../../src/domain/entities.ts';
import { ROOMS } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp({ MODERATORS: 'OwnModOne', MASK_MIN_ACCOUNT_DAYS: '0' });
let owner: Account;
let author: Account;
let member: Account;
let stranger: Account;
let moderator: Account;
let room: Room;

async function joinPrivate(account: Account, target: Room) {
  await account.client.post(`rooms/addUserinRoom/${account.username}`, { title: target.title });
  const res = await owner.client.post('rooms/acceptJoiningRequest', {
    title: target.title,
    fromUser: account.userID,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const inRoom = () => ({ topic: '', subCommunity: room.id });
const log = async (account: Account, title = room.title) => {
  const res = await account.client.get(`rooms/log/${title}?offset=0&limit=10`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as { kind: string; createdAt: string }[];
};

beforeAll(async () => {
  owner = await t.signUpAndVerify();
  author = await t.signUpAndVerify();
  member = await t.signUpAndVerify();
  stranger = await t.signUpAndVerify();
  moderator = await t.signUpAndVerify(undefined, { username: 'OwnModOne' });
  room = await t.createRoom(owner, { privacy: 'true' });
  await joinPrivate(author, room);
  await joinPrivate(member, room);
});

// The log is newest first: each test's actions come after the last one's.
beforeEach(() => t.clock.advance(1000));

describe('the owner removes items of the room', () => {
  it('a removed post leaves the room for everyone, answers 410, tells its author and goes in the log', async () => {
    const post = await t.createPost(author, { ...inRoom(), title: 'Off-topic rant' });
    const res = await owner.client.post('rooms/removeItem', { kind: 'post', id: post.id });
    expect(res.json()).toEqual({ msg: ROOMS.removedItem });
    for (const account of [owner, author, member]) {
      const feed = await account.client.get(`posts/getPost?title=${room.title}&offset=0&limit=10`);
      expect(feed.body.includes('Off-topic rant'), account.username).toBe(false);
      expectError(await account.client.get(`posts/getapost?id=${post.id}`), 410, ROOMS.removedByOwner);
    }
    const profile = await t.client().get(`search/getuserposts?username=${author.username}&page=0&limit=50`);
    expect(profile.body.includes('Off-topic rant')).toBe(false);
    const notices = (await author.client.get('u/notification')).json().data as {
      kind: string;
      title: string;
      body: string;
    }[];
    // Its own kind: an owner's removal is not the moderators' to hear an appeal of.
    expect(notices).toContainEqual(
      expect.objectContaining({ kind: 'roomRemoval', title: ROOMS.removedByOwner, body: 'Off-topic rant' }),
    );
    expect((await log(member))[0]).toMatchObject({ kind: 'post' });
    expectError(
      await owner.client.post('rooms/removeItem', { kind: 'post', id: post.id }),
      409,
      ROOMS.alreadyRemoved,
    );
  });

  it('removes a poll and a comment; the thread keeps a line saying who removed it', async () => {
    const poll = await t.createPoll(author, { title: 'Rude poll?', subCommunity: room.id, topic: undefined });
    const post = await t.createPost(member, inRoom());
    const made = await author.client.post('posts/createcomment', {
      postId: post.id,
      commentId: null,
      content: 'Nasty words',
    });
    const comment = made.json().newComment;
    expect((await owner.client.post('rooms/removeItem', { kind: 'poll', id: poll.id })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect(
      (await owner.client.post('rooms/removeItem', { kind: 'comment', id: comment.id })).statusCode,
    ).toBe(200);
    expectError(await member.client.get(`poll/getpoll?id=${poll.id}`), 410, ROOMS.removedByOwner);
    const thread = (await member.client.get(`posts/getapost?id=${post.id}`)).json().post.comments;
    expect(thread).toEqual([
      expect.objectContaining({ id: comment.id, body: '', user: null, removedRule: ROOMS.removedByOwner }),
    ]);
    expect((await log(author)).slice(0, 2).map((e) => e.kind)).toEqual(['comment', 'poll']);
  });

  it('only the owner may: 403 for the author, a member, a stranger and a moderator; 401 for a visitor', async () => {
    const post = await t.createPost(author, inRoom());
    const body = { kind: 'post', id: post.id };
    for (const account of [author, member, stranger, moderator]) {
      expectError(await account.client.post('rooms/removeItem', body), 403, ROOMS.notOwner);
    }
    expect((await t.client().post('rooms/removeItem', body)).statusCode).toBe(401);
    expect((await member.client.get(`posts/getapost?id=${post.id}`)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and a topic item with 400; unknown items are 404', async () => {
    expect((await owner.client.post('rooms/removeItem', { kind: 'room', id: room.id })).json().msg).toMatch(
      /^kind: /,
    );
    expect((await owner.client.post('rooms/removeItem', { kind: 'post', id: 'x' })).json().msg).toBe(
      'id: * must be an id',
    );
    const topic = await t.createPost(owner);
    expectError(
      await owner.client.post('rooms/removeItem', { kind: 'post', id: topic.id }),
      400,
      ROOMS.notInRoom,
    );
    const unknown = { kind: 'poll', id: '00000000-0000-4000-8000-000000000000' };
    expectError(await owner.client.post('rooms/removeItem', unknown), 404, 'Poll not found');
  });
});

describe('the owner removes members', () => {
  it('a removed member loses the room and its log; the removal is in the log', async () => {
    const leaving = await t.signUpAndVerify();
    await joinPrivate(leaving, room);
    const members = await owner.client.get(`rooms/members/${room.title}?offset=0&limit=50`);
    expect(members.json().members[0]).toMatchObject({ username: owner.username, owner: true });
    expect(members.json().members.map((m: { username: string }) => m.username)).toContain(leaving.username);
    const res = await owner.client.post('rooms/removeMember', {
      title: room.title,
      username: leaving.username,
    });
    expect(res.json()).toEqual({ msg: ROOMS.removedMember });
    expect((await leaving.client.get(`posts/getPost?title=${room.title}&offset=0&limit=10`)).statusCode).toBe(
      403,
    );
    expectError(await leaving.client.get(`rooms/log/${room.title}`), 403, ROOMS.logMembersOnly);
    expect((await log(member))[0]).toMatchObject({ kind: 'member' });
    expect(JSON.stringify(await log(member))).not.toContain(leaving.username);
    const again = await owner.client.post('rooms/removeMember', {
      title: room.title,
      username: leaving.username,
    });
    expectError(again, 404, ROOMS.notAMember);
  });

  it('the owner stays; only the owner removes or lists members', async () => {
    const self = await owner.client.post('rooms/removeMember', {
      title: room.title,
      username: owner.username,
    });
    expectError(self, 403, ROOMS.ownerStays);
    const byMember = await member.client.post('rooms/removeMember', {
      title: room.title,
      username: author.username,
    });
    expectError(byMember, 403, ROOMS.notOwner);
    expectError(await member.client.get(`rooms/members/${room.title}`), 403, ROOMS.notOwner);
    expect(
      (await owner.client.post('rooms/removeMember', { title: room.title, username: '' })).statusCode,
    ).toBe(400);
  });
});

describe('the room log', () => {
  it('members read it, paged; strangers, moderators and visitors do not', async () => {
    expect((await log(owner)).length).toBeGreaterThan(2);
    const page = await member.client.get(`rooms/log/${room.title}?offset=1&limit=1`);
    expect(page.json().items).toHaveLength(1);
    for (const account of [stranger, moderator]) {
      expectError(await account.client.get(`rooms/log/${room.title}`), 403, ROOMS.logMembersOnly);
    }
    expect((await t.client().get(`rooms/log/${room.title}`)).statusCode).toBe(401);
    expect((await member.client.get(`rooms/log/${room.title}?limit=500`)).statusCode).toBe(400);
  });

  it('a public room’s owner moderates the same way; its log too is for members', async () => {
    const open = await t.createRoom(owner);
    const joined = await author.client.post('rooms/join', { title: open.title });
    expect(joined.statusCode).toBe(200);
    const post = await t.createPost(author, { topic: '', subCommunity: open.id, title: 'Public room post' });
    expect((await owner.client.post('rooms/removeItem', { kind: 'post', id: post.id })).statusCode).toBe(200);
    expectError(await t.client().get(`posts/getapost?id=${post.id}`), 410, ROOMS.removedByOwner);
    expect((await log(author, open.title)).map((e) => e.kind)).toEqual(['post']);
    expectError(await stranger.client.get(`rooms/log/${open.title}`), 403, ROOMS.logMembersOnly);
  });
});
