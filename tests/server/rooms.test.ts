import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { roomSchema } from '../../src/domain/entities.ts';
import { AUTH, ROOMS } from '../../src/domain/messages.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let owner: Account;
let other: Account;
beforeAll(async () => {
  owner = await t.signUpAndVerify();
  other = await t.signUpAndVerify();
});

const fileOf = (url: string) => join(t.dataDir, 'uploads', url.replace('/uploads/', ''));

describe('room names', () => {
  it.each([
    ['2 characters', 'ab', ROOMS.nameShort],
    ['2 characters after trimming', '  ab  ', ROOMS.nameShort],
    ['26 characters', 'a'.repeat(26), ROOMS.nameLong],
    ['a space', 'my room', ROOMS.nameSpaces],
    ['a tab', 'my\troom', ROOMS.nameSpaces],
  ])('refuses %s on create, rename and the availability check', async (_name, title, msg) => {
    expectError(
      await owner.client.postForm('rooms/create', { title, privacy: 'false' }),
      400,
      `title: ${msg}`,
    );
    const room = await t.createRoom(owner);
    expectError(
      await owner.client.post('rooms/update', { title: room.title, newTitle: title }),
      400,
      `newTitle: ${msg}`,
    );
    expectError(
      await owner.client.get(`rooms/titleNameIsUnique?filter=${encodeURIComponent(title)}`),
      400,
      msg,
    );
  });

  it('accepts 3 and 25 characters, trimmed', async () => {
    const a = await t.createRoom(owner, { title: ' a1b ' });
    expect(a.title).toBe('a1b');
    await t.createRoom(owner, { title: 'z'.repeat(25) });
  });

  it('keeps titles unique whatever their case', async () => {
    const room = await t.createRoom(owner, { title: 'CaseRoom' });
    expect(await other.client.get('rooms/titleNameIsUnique?filter=caseroom')).toMatchObject({
      statusCode: 200,
    });
    expect((await other.client.get('rooms/titleNameIsUnique?filter=caseROOM')).json()).toEqual({
      msg: false,
      text: ROOMS.notAvailable('caseROOM'),
    });
    expect((await other.client.get('rooms/titleNameIsUnique?filter=FreeRoom1')).json()).toEqual({
      msg: true,
      text: ROOMS.available,
    });
    const dup = await other.client.postForm('rooms/create', { title: 'CASEROOM', privacy: 'true' });
    expectError(dup, 409, ROOMS.notAvailable('CASEROOM'));
    const mine = await t.createRoom(owner);
    const rename = await owner.client.post('rooms/update', { title: mine.title, newTitle: 'caseRoom' });
    expectError(rename, 409, ROOMS.notAvailable('caseRoom'));
    expect(room.title).toBe('CaseRoom');
  });
});

describe('rooms/create and the lists', () => {
  it('creates a room with its icon, the creator a joined member', async () => {
    const res = await owner.client.postForm('rooms/create', {
      title: 'Iconic',
      desc: ' About things ',
      privacy: 'true',
      roomImg: { data: await jpeg() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { msg, newRoom } = res.json();
    expect(msg).toBe(ROOMS.created);
    expect(roomSchema.parse(newRoom)).toEqual(newRoom);
    expect(newRoom).toMatchObject({
      title: 'Iconic',
      desc: 'About things',
      privateRoom: true,
      CreatorId: owner.userID,
      _count: { posts: 0, polls: 0, members: 1 },
    });
    expect(newRoom.img).toMatch(/^\/uploads\/rooms\/[0-9a-f-]+\.webp$/);
    expect(existsSync(fileOf(newRoom.img))).toBe(true);
    expect(res.body).not.toContain(owner.email);
  });

  it('lists owned and joined rooms newest first, only to their user', async () => {
    const a = await t.signUpAndVerify();
    const first = await t.createRoom(a);
    t.clock.advance(60_000);
    const second = await t.createRoom(owner);
    const join = await a.client.post('rooms/join', { title: second.title });
    expect(join.statusCode, join.body).toBe(200);
    const res = await a.client.get(`rooms/getAllRoom/${a.userID}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rooms.map((r: { room: { id: string } }) => r.room.id)).toEqual([second.id, first.id]);
    expectError(await a.client.get(`rooms/getAllRoom/${owner.userID}`), 403, AUTH.forbidden);
    expectError(await t.client().get(`rooms/getAllRoom/${a.userID}`), 401, AUTH.notSignedIn);
  });

  it('lists public rooms not joined', async () => {
    const a = await t.signUpAndVerify();
    const open = await t.createRoom(owner);
    const closed = await t.createRoom(owner, { privacy: 'true' });
    const ids = async (c: Account['client']) =>
      ((await c.get('rooms/notJoinedRoom')).json().rooms as { id: string }[]).map((r) => r.id);
    expect(await ids(a.client)).toContain(open.id);
    expect(await ids(a.client)).not.toContain(closed.id);
    expect(await ids(owner.client)).not.toContain(open.id);
    expect(await ids(t.client())).toContain(open.id);
  });
});

describe('owner changes', () => {
  it('changes icon and background, removing the old file', async () => {
    const room = await t.createRoom(owner, { roomImg: { data: await jpeg() } });
    const dp = await owner.client.postForm('rooms/updatedp', {
      title: room.title,
      roomImg: { data: await jpeg() },
    });
    expect(dp.statusCode, dp.body).toBe(200);
    expect(dp.json().updatedRoom.img).not.toBe(room.img);
    expect(existsSync(fileOf(room.img ?? ''))).toBe(false);
    const bg = await owner.client.postForm('rooms/updatebgImg', {
      title: room.title,
      bgImg: { data: await jpeg() },
    });
    expect(bg.statusCode, bg.body).toBe(200);
    expect(bg.json().updatedRoom.bgImg).toMatch(/^\/uploads\/rooms\//);
    const notOwner = await other.client.postForm('rooms/updatedp', {
      title: room.title,
      roomImg: { data: await jpeg() },
    });
    expectError(notOwner, 403, ROOMS.notOwner);
  });

  it('renames', async () => {
    const room = await t.createRoom(owner);
    const res = await owner.client.post('rooms/update', {
      title: room.title.toUpperCase(),
      newTitle: `${room.title}X`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updatedRoom).toMatchObject({ id: room.id, title: `${room.title}X` });
  });

  it('deletes the room with its posts, polls, memberships, notices and images', async () => {
    const room = await t.createRoom(owner, { roomImg: { data: await jpeg() } });
    const post = await t.createPost(owner, {
      subCommunity: room.id,
      topic: '',
      postImg: { data: await jpeg() },
    });
    await t.createPoll(owner, { subCommunity: room.id, topic: undefined });
    await owner.client.post(`rooms/addUserinRoom/${other.username}`, { title: room.title });
    const res = await owner.client.del('rooms/delete', { title: room.title });
    expect(res.statusCode, res.body).toBe(200);
    for (const table of ['rooms', 'room_members']) {
      const col = table === 'rooms' ? 'id' : 'room_id';
      expect(await t.query(`select 1 from ${table} where ${col} = '${room.id}'`)).toEqual([]);
    }
    expect(await t.query(`select 1 from posts where sub_community = '${room.id}'`)).toEqual([]);
    expect(await t.query(`select 1 from polls where sub_community = '${room.id}'`)).toEqual([]);
    expect(
      await t.query(`select 1 from notifications where post_id in ('${room.id}', '${post.id}')`),
    ).toEqual([]);
    expect(existsSync(fileOf(room.img ?? ''))).toBe(false);
    expect(existsSync(fileOf(post.img ?? ''))).toBe(false);
  });
});

describe('room labels on content', () => {
  it('posts and polls of a room name it; topic items have none', async () => {
    const room = await t.createRoom(owner, { privacy: 'true' });
    const label = {
      id: room.id,
      title: room.title,
      CreatorId: owner.userID,
      privateRoom: true,
      joined: true,
    };
    const post = await t.createPost(owner, { subCommunity: room.id, topic: '' });
    expect(post.room).toEqual(label);
    const poll = await t.createPoll(owner, { subCommunity: room.id, topic: undefined });
    expect(poll.room).toEqual(label);
    const read = await owner.client.get(`posts/getapost?id=${post.id}`);
    expect(read.json().post.room).toEqual(label);
    const shown = await owner.client.get(`rooms/showRoom/${room.title}`);
    expect(shown.json().room._count).toEqual({ posts: 1, polls: 1, members: 1 });
    const mine = await owner.client.get(`rooms/getAllRoom/${owner.userID}`);
    const listed = mine.json().rooms.find((entry: { room: { id: string } }) => entry.room.id === room.id);
    expect(listed.room._count).toEqual({ posts: 1, polls: 1, members: 1 });
    const publicRoom = await t.createRoom(owner);
    const outsiderView = await t.createPost(owner, { subCommunity: publicRoom.id, topic: '' });
    const seen = await other.client.get(`posts/getapost?id=${outsiderView.id}`);
    expect(seen.json().post.room).toMatchObject({ title: publicRoom.title, joined: false });
    const topicPost = await t.createPost(owner);
    expect(topicPost.room).toBeNull();
  });
});

describe('membership', () => {
  it('a private room: request, the owner is told, accepts, then the requester is a member', async () => {
    const a = await t.signUpAndVerify();
    const room = await t.createRoom(owner, { privacy: 'true' });
    expectError(await a.client.post('rooms/join', { title: room.title }), 403, ROOMS.privateRoom);
    const req = await a.client.post(`rooms/addUserinRoom/${owner.username}`, { title: room.title });
    expect(req.statusCode, req.body).toBe(201);
    expect(req.json()).toEqual({ msg: ROOMS.requestSent });
    const notices = (await owner.client.get('u/notification')).json().data;
    expect(notices[0]).toMatchObject({
      title: ROOMS.joinRequestTitle,
      body: room.title,
      fromUser: a.userID,
      kind: 'joinRequest',
      roomId: room.id,
      postId: null,
    });
    expect((await a.client.get(`rooms/showRoom/${room.title}`)).json()).toMatchObject({
      joined: false,
      requested: true,
    });
    const nope = await a.client.post('rooms/acceptJoiningRequest', { title: room.title, fromUser: a.userID });
    expectError(nope, 403, ROOMS.notOwner);
    const ok = await owner.client.post('rooms/acceptJoiningRequest', {
      title: room.title,
      fromUser: a.userID,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().room._count.members).toBe(2);
    expect((await a.client.get(`rooms/showRoom/${room.title}`)).json()).toMatchObject({ joined: true });
    const again = await owner.client.post('rooms/acceptJoiningRequest', {
      title: room.title,
      fromUser: a.userID,
    });
    expectError(again, 404, ROOMS.noRequest);
  });

  it('the owner invites; the invitee is told and joins the private room', async () => {
    const a = await t.signUpAndVerify();
    const room = await t.createRoom(owner, { privacy: 'true' });
    const res = await owner.client.post(`rooms/addUserinRoom/${a.username.toLowerCase()}`, {
      title: room.title,
    });
    expect(res.statusCode, res.body).toBe(201);
    const notices = (await a.client.get('u/notification')).json().data;
    expect(notices[0]).toMatchObject({
      title: ROOMS.joinRequestTitle,
      fromUser: owner.userID,
      kind: 'roomInvitation',
      roomId: room.id,
      postId: null,
    });
    const join = await a.client.post('rooms/join', { title: room.title });
    expect(join.statusCode, join.body).toBe(200);
    expect(join.json().msg).toBe(ROOMS.joined);
    expectError(
      await owner.client.post(`rooms/addUserinRoom/${a.username}`, { title: room.title }),
      409,
      ROOMS.alreadyMember,
    );
    expectError(
      await owner.client.post('rooms/addUserinRoom/nobodyAtAll', { title: room.title }),
      404,
      ROOMS.userNotFound,
    );
  });

  it('leaving: members may, the owner may not', async () => {
    const room = await t.createRoom(owner);
    await other.client.post('rooms/join', { title: room.title });
    expect((await other.client.post(`rooms/leave/${room.id}`)).json()).toEqual({ msg: ROOMS.left });
    expectError(await other.client.post(`rooms/leave/${room.id}`), 404, ROOMS.notMember);
    expectError(await owner.client.post(`rooms/leave/${room.id}`), 403, ROOMS.ownerCannotLeave);
  });

  it('answers 404 for rooms that do not exist', async () => {
    const ghost = 'NoSuchRoom';
    const id = '00000000-0000-4000-8000-000000000000';
    expectError(await owner.client.get(`rooms/showRoom/${ghost}`), 404, ROOMS.notFound);
    expectError(await owner.client.post('rooms/join', { title: ghost }), 404, ROOMS.notFound);
    expectError(await owner.client.post(`rooms/leave/${id}`), 404, ROOMS.notFound);
    expectError(
      await owner.client.post('rooms/update', { title: ghost, newTitle: 'Other1' }),
      404,
      ROOMS.notFound,
    );
    expectError(
      await owner.client.post(`rooms/addUserinRoom/${other.username}`, { title: ghost }),
      404,
      ROOMS.notFound,
    );
    expectError(
      await owner.client.post('rooms/acceptJoiningRequest', { title: ghost, fromUser: id }),
      404,
      ROOMS.notFound,
    );
    expectError(await owner.client.del('rooms/delete', { title: ghost }), 404, ROOMS.notFound);
    expectError(await owner.client.get(`posts/getPost?title=${ghost}`), 404, ROOMS.notFound);
    expectError(await owner.client.get(`poll/getallpolls?subCommunity=${id}`), 404, ROOMS.notFound);
  });
});
