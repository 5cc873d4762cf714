/**
 * Naming a room (docs/api.md Rooms): every call that names a room takes its id or its title (any
 * case), answers the same whichever was sent, and refuses an unknown room with the same 404. And who
 * may add a member: the owner of any room, a member of a public room; nobody else (spec §2, §6).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Poll, type Post, pollSchema, postSchema, type Room } from '../../src/domain/entities.ts';
import { AUTH, POSTS, ROOMS } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let owner: Account;
let member: Account;
let outsider: Account;
let open: Room;
let closed: Room;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  [owner, member, outsider] = await Promise.all([
    t.signUpAndVerify(),
    t.signUpAndVerify(),
    t.signUpAndVerify(),
  ]);
  open = await t.createRoom(owner, { title: 'OpenHall' });
  closed = await t.createRoom(owner, { title: 'BackRoom', privacy: 'true' });
  expect((await member.client.post('rooms/join', { title: open.title })).statusCode).toBe(200);
});

/** The ways a client may name `room`: its id, its title, its title in another case. */
const namesOf = (room: Room) => [
  room.id,
  room.title,
  room.title.toLowerCase(),
  ` ${room.title.toUpperCase()} `,
];

const postIn = (a: Account, subCommunity: string, title = 'In the room') =>
  a.client.postForm('posts/postWithImg', { title, topic: '', body: 'Words', subCommunity });
const pollIn = (a: Account, subCommunity: string) =>
  a.client.post('poll/createpoll', { title: 'Which?', options: ['a', 'b'], subCommunity });

/** A post or poll without what differs from one creation to the next. */
const shapeOf = ({ id: _id, title: _title, createdAt: _at, options: _o, ...rest }: Partial<Post & Poll>) =>
  rest;

describe('a room named by id or title', () => {
  it('posts/postWithImg stores the room by its id and answers the same room label for each name', async () => {
    const posts: Post[] = [];
    for (const name of namesOf(open)) {
      const res = await postIn(member, name, `Named ${name}`);
      expect(res.statusCode, res.body).toBe(201);
      const { post } = res.json();
      expect(postSchema.parse(post)).toEqual(post);
      posts.push(post);
    }
    for (const post of posts) {
      expect(post.subCommunity).toBe(open.id);
      expect(post.topic).toBeNull();
      expect(post.room).toEqual({
        id: open.id,
        title: open.title,
        CreatorId: owner.userID,
        privateRoom: false,
        joined: true,
      });
      expect(shapeOf(post)).toEqual(shapeOf(posts[0] as Post));
    }
  });

  it('poll/createpoll takes the title as well as the id', async () => {
    const polls: Poll[] = [];
    for (const name of namesOf(closed)) {
      const res = await pollIn(owner, name);
      expect(res.statusCode, res.body).toBe(200);
      expect(pollSchema.parse(res.json().poll)).toEqual(res.json().poll);
      polls.push(res.json().poll);
    }
    for (const poll of polls) {
      expect(poll.subCommunity).toBe(closed.id);
      expect(poll.room).toEqual({
        id: closed.id,
        title: closed.title,
        CreatorId: owner.userID,
        privateRoom: true,
        joined: true,
      });
      expect(shapeOf(poll)).toEqual(shapeOf(polls[0] as Poll));
    }
  });

  it('posts/getPost?title and poll/getallpolls?subCommunity list the same room for each name', async () => {
    await t.createPost(owner, { subCommunity: closed.title, topic: '' });
    const lists = async (name: string) => {
      const q = encodeURIComponent(name);
      const posts = await owner.client.get(`posts/getPost?title=${q}&offset=0&limit=10`);
      const polls = await owner.client.get(`poll/getallpolls?subCommunity=${q}&offset=0&limit=10`);
      expect(posts.statusCode, posts.body).toBe(200);
      expect(polls.statusCode, polls.body).toBe(200);
      return { posts: posts.json().posts as Post[], polls: polls.json().polls as Poll[] };
    };
    const byId = await lists(closed.id);
    expect(byId.posts.length).toBeGreaterThan(0);
    expect(byId.polls.length).toBe(4);
    for (const item of [...byId.posts, ...byId.polls]) expect(item.room?.id).toBe(closed.id);
    for (const name of namesOf(closed).slice(1)) expect(await lists(name)).toEqual(byId);
  });

  it('refuses an unknown room with the same 404 everywhere, whether an id or a title', async () => {
    for (const ghost of ['NoSuchRoom', UNKNOWN_ID]) {
      const q = encodeURIComponent(ghost);
      expectError(await postIn(member, ghost), 404, ROOMS.notFound);
      expectError(await pollIn(member, ghost), 404, ROOMS.notFound);
      expectError(await member.client.get(`posts/getPost?title=${q}`), 404, ROOMS.notFound);
      expectError(await member.client.get(`poll/getallpolls?subCommunity=${q}`), 404, ROOMS.notFound);
      expectError(await member.client.get(`rooms/showRoom/${q}`), 404, ROOMS.notFound);
      expectError(await member.client.post('rooms/join', { title: ghost }), 404, ROOMS.notFound);
      expectError(await member.client.post(`rooms/leave/${q}`), 404, ROOMS.notFound);
    }
  });

  it('keeps the membership rules whichever name is sent', async () => {
    for (const name of [closed.title, closed.id]) {
      expectError(await postIn(member, name), 403, ROOMS.privateRoom);
      expectError(await pollIn(member, name), 403, ROOMS.privateRoom);
      expectError(
        await member.client.get(`poll/getallpolls?subCommunity=${encodeURIComponent(name)}`),
        403,
        ROOMS.privateRoom,
      );
      expectError(await t.client().get(`posts/getPost?title=${name}`), 403, ROOMS.privateRoom);
    }
    expectError(await postIn(outsider, open.title), 403, ROOMS.firstJoin);
    expectError(await pollIn(outsider, open.title.toLowerCase()), 403, ROOMS.firstJoinPoll);
    const visitor = t.client();
    expectError(
      await visitor.postForm('posts/postWithImg', {
        title: 'x',
        topic: '',
        body: 'y',
        subCommunity: open.title,
      }),
      401,
      AUTH.notSignedIn,
    );
  });

  it('a blank subCommunity is a topic post, and without a topic it is refused', async () => {
    const res = await member.client.postForm('posts/postWithImg', {
      title: 'Topic',
      topic: 'dsa',
      body: 'Words',
      subCommunity: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().post).toMatchObject({ topic: 'dsa', subCommunity: null, room: null });
    expectError(
      await member.client.postForm('posts/postWithImg', {
        title: 'None',
        topic: '',
        body: 'Words',
        subCommunity: ' ',
      }),
      400,
      `topic: ${POSTS.topicRequired}`,
    );
  });

  it('the rooms routes take the id as well as the title', async () => {
    const room = await t.createRoom(owner);
    const shown = await outsider.client.get(`rooms/showRoom/${room.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().room).toEqual(
      (await outsider.client.get(`rooms/showRoom/${room.title}`)).json().room,
    );
    const joined = await outsider.client.post('rooms/join', { title: room.id });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().room.id).toBe(room.id);
    expect((await outsider.client.post(`rooms/leave/${room.title}`)).json()).toEqual({ msg: ROOMS.left });
  });
});

describe('who may add a member (rooms/addUserinRoom)', () => {
  const invite = (by: Account, who: Account, room: Room) =>
    by.client.post(`rooms/addUserinRoom/${who.username}`, { title: room.title });
  const noticesOf = async (a: Account) =>
    (await a.client.get('u/notification')).json().data as {
      title: string;
      body: string;
      fromUser: string;
      kind: string;
      roomId: string;
    }[];

  it('the owner of a private room invites; the invitee is told and may join', async () => {
    const room = await t.createRoom(owner, { privacy: 'true' });
    const invitee = await t.signUpAndVerify();
    const res = await invite(owner, invitee, room);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ msg: ROOMS.requestSent });
    expect((await noticesOf(invitee))[0]).toMatchObject({
      title: ROOMS.joinRequestTitle,
      body: room.title,
      fromUser: owner.userID,
      kind: 'roomInvitation',
      roomId: room.id,
    });
    expect((await invitee.client.post('rooms/join', { title: room.title })).statusCode).toBe(200);
  });

  it('a member of a public room invites with the same notice; the invitee joins', async () => {
    const room = await t.createRoom(owner);
    const [guest, invitee] = await Promise.all([t.signUpAndVerify(), t.signUpAndVerify()]);
    expect((await guest.client.post('rooms/join', { title: room.id })).statusCode).toBe(200);
    const res = await invite(guest, invitee, room);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ msg: ROOMS.requestSent });
    const notices = await noticesOf(invitee);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: ROOMS.joinRequestTitle,
      body: room.title,
      fromUser: guest.userID,
      kind: 'roomInvitation',
      roomId: room.id,
    });
    // Asked again: no second notice.
    expect((await invite(guest, invitee, room)).statusCode).toBe(201);
    expect(await noticesOf(invitee)).toHaveLength(1);
    expect((await t.client().get(`rooms/showRoom/${room.title}`)).json().room._count.members).toBe(2);
    const joined = await invitee.client.post('rooms/join', { title: room.title });
    expect(joined.json()).toMatchObject({ msg: ROOMS.joined, room: { _count: { members: 3 } } });
    expectError(await invite(guest, invitee, room), 409, ROOMS.alreadyMember);
    expectError(await invite(guest, owner, room), 409, ROOMS.alreadyMember);
    expectError(await invite(guest, guest, room), 409, ROOMS.alreadyMember);
  });

  it('a member of a private room may not: only the owner adds people there', async () => {
    const room = await t.createRoom(owner, { privacy: 'true' });
    const [guest, invitee] = await Promise.all([t.signUpAndVerify(), t.signUpAndVerify()]);
    expect((await invite(owner, guest, room)).statusCode).toBe(201);
    expect((await guest.client.post('rooms/join', { title: room.title })).statusCode).toBe(200);
    expectError(await invite(guest, invitee, room), 403, ROOMS.notOwner);
    expect(await noticesOf(invitee)).toEqual([]);
    expectError(await invitee.client.post('rooms/join', { title: room.title }), 403, ROOMS.privateRoom);
  });

  it('someone outside the room may not invite, in a public or a private room', async () => {
    const [stranger, invitee] = await Promise.all([t.signUpAndVerify(), t.signUpAndVerify()]);
    expectError(await invite(stranger, invitee, open), 403, ROOMS.membersInvite);
    expectError(await invite(stranger, invitee, closed), 403, ROOMS.notOwner);
    expect(await noticesOf(invitee)).toEqual([]);
    // Asking to join stays as it was: refused for a public room, a request for a private one.
    expectError(await invite(stranger, owner, open), 400, ROOMS.publicRoom);
    expect((await invite(stranger, stranger, closed)).statusCode).toBe(201);
  });

  it('a visitor is asked to sign in', async () => {
    const invitee = await t.signUpAndVerify();
    expectError(
      await t.client().post(`rooms/addUserinRoom/${invitee.username}`, { title: open.title }),
      401,
      AUTH.notSignedIn,
    );
    expect(await noticesOf(invitee)).toEqual([]);
  });
});
