/**
 * Rooms that say no (issue 33, part 7): the owner accepts or declines a join request and the person
 * who asked is told either way; the person who asked withdraws a waiting request; the room read
 * tells a waiting request from an invitation, which its invitee accepts by joining.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Room } from '../../src/domain/entities.ts';
import { AUTH, ROOMS } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let owner: Account;
let member: Account;

beforeAll(async () => {
  [owner, member] = await Promise.all([t.signUpAndVerify(), t.signUpAndVerify()]);
});

const notices = async (account: Account): Promise<Notification[]> =>
  (await account.client.get('u/notification')).json().data;

/** A private room of the owner with `member` joined. */
async function privateRoom(): Promise<Room> {
  const room = await t.createRoom(owner, { privacy: 'true' });
  await ask(member, room);
  const ok = await owner.client.post('rooms/acceptJoiningRequest', {
    title: room.id,
    fromUser: member.userID,
  });
  expect(ok.statusCode, ok.body).toBe(200);
  return room;
}

async function ask(account: Account, room: Room): Promise<void> {
  const res = await account.client.post(`rooms/addUserinRoom/${account.username}`, { title: room.title });
  expect(res.statusCode, res.body).toBe(201);
}

const decline = (by: Account, room: { title: string }, fromUser: string) =>
  by.client.post('rooms/declineJoiningRequest', { title: room.title, fromUser });

const pendingOf = async (account: Account, room: Room) => {
  const { requested, invited } = (await account.client.get(`rooms/showRoom/${room.id}`)).json();
  return { requested, invited };
};

describe('rooms/declineJoiningRequest', () => {
  it('declines: the request and its notice go, the person who asked is told and may ask again', async () => {
    const asker = await t.signUpAndVerify();
    const room = await privateRoom();
    await ask(asker, room);
    expect(await pendingOf(asker, room)).toEqual({ requested: true, invited: false });

    const res = await decline(owner, room, asker.userID);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: ROOMS.declined });
    expect(await pendingOf(asker, room)).toEqual({ requested: false, invited: false });
    expect((await notices(owner)).filter((n) => n.fromUser === asker.userID)).toEqual([]);
    const [answer] = await notices(asker);
    expect(answer).toMatchObject({
      kind: 'requestDeclined',
      title: ROOMS.requestDeclinedTitle,
      body: room.title,
      fromUser: owner.userID,
      toUser: asker.userID,
      roomId: room.id,
      isRead: false,
      user2: { username: owner.username },
    });

    // asking again is a new request, told to the owner afresh, and answered afresh
    await ask(asker, room);
    const again = (await notices(owner)).filter((n) => n.fromUser === asker.userID);
    expect(again).toMatchObject([{ kind: 'joinRequest', roomId: room.id, isRead: false }]);
    expect((await decline(owner, { title: room.id }, asker.userID)).statusCode).toBe(200);
    expect((await notices(asker)).filter((n) => n.kind === 'requestDeclined')).toHaveLength(2);
    expectError(await decline(owner, room, asker.userID), 404, ROOMS.noRequest);
  });

  it('refuses anyone but the owner (403), even the person who asked, and changes nothing', async () => {
    const asker = await t.signUpAndVerify();
    const room = await privateRoom();
    await ask(asker, room);
    for (const who of [member, asker]) {
      expectError(await decline(who, room, asker.userID), 403, ROOMS.notOwner);
    }
    expect(await pendingOf(asker, room)).toEqual({ requested: true, invited: false });
    expect((await notices(owner)).filter((n) => n.fromUser === asker.userID)).toHaveLength(1);
    expect((await notices(asker)).filter((n) => n.kind === 'requestDeclined')).toEqual([]);
    expectError(
      await t.client().post('rooms/declineJoiningRequest', { title: room.title, fromUser: asker.userID }),
      401,
      AUTH.notSignedIn,
    );
  });

  it('answers 404 for an unknown room, and for someone with no waiting request', async () => {
    const room = await privateRoom();
    const invitee = await t.signUpAndVerify();
    await owner.client.post(`rooms/addUserinRoom/${invitee.username}`, { title: room.title });
    expectError(await decline(owner, { title: 'NoSuchRoom' }, member.userID), 404, ROOMS.notFound);
    // a member, an invitation (the invitee's to answer), the owner, nobody at all
    for (const fromUser of [
      member.userID,
      invitee.userID,
      owner.userID,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      expectError(await decline(owner, room, fromUser), 404, ROOMS.noRequest);
    }
    expect(await pendingOf(invitee, room)).toEqual({ requested: false, invited: true });
  });

  it.each([
    ['a malformed fromUser', { title: 'Chess', fromUser: 'abc' }, 'fromUser: * must be an id'],
    ['no fromUser', { title: 'Chess' }, 'fromUser: '],
    ['no title', { fromUser: '00000000-0000-4000-8000-000000000000' }, 'title:'],
  ])('refuses %s (400, naming the field)', async (_name, body, msg) => {
    const res = await owner.client.post('rooms/declineJoiningRequest', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg.startsWith(msg)).toBe(true);
  });

  it('tells nothing to a person who blocked the owner', async () => {
    const asker = await t.signUpAndVerify();
    const room = await privateRoom();
    await ask(asker, room);
    expect((await asker.client.post('u/block', { username: owner.username })).statusCode).toBeLessThan(300);
    expect((await decline(owner, room, asker.userID)).statusCode).toBe(200);
    expect((await t.query(`select id from notifications where to_user = '${asker.userID}'`)).length).toBe(0);
  });

  it('races acceptance: exactly one answer wins and the state is that answer’s', async () => {
    const asker = await t.signUpAndVerify();
    const room = await privateRoom();
    await ask(asker, room);
    const [accepted, declined] = await Promise.all([
      owner.client.post('rooms/acceptJoiningRequest', { title: room.title, fromUser: asker.userID }),
      decline(owner, room, asker.userID),
    ]);
    expect([accepted.statusCode, declined.statusCode].sort()).toEqual([200, 404]);
    const answers = (await notices(asker)).map((n) => n.kind);
    const { joined } = (await asker.client.get(`rooms/showRoom/${room.id}`)).json();
    expect(answers).toEqual([accepted.statusCode === 200 ? 'requestAccepted' : 'requestDeclined']);
    expect(joined === true).toBe(accepted.statusCode === 200);
  });
});

describe('rooms/acceptJoiningRequest', () => {
  it('tells the person who asked, and takes the room by its id (a rename since does not matter)', async () => {
    const asker = await t.signUpAndVerify();
    const room = await privateRoom();
    await ask(asker, room);
    const renamed = `R${room.title.slice(1)}x`.slice(0, 25);
    expect(
      (await owner.client.post('rooms/update', { title: room.title, newTitle: renamed })).statusCode,
    ).toBe(200);
    const res = await owner.client.post('rooms/acceptJoiningRequest', {
      title: room.id,
      fromUser: asker.userID,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await notices(asker))[0]).toMatchObject({
      kind: 'requestAccepted',
      title: ROOMS.requestAcceptedTitle,
      body: renamed,
      fromUser: owner.userID,
      roomId: room.id,
    });
    expect((await notices(owner)).find((n) => n.fromUser === asker.userID)?.isRead).toBe(true);
  });
});

describe('rooms/cancelJoiningRequest', () => {
  it('withdraws the waiting request: the owner’s notice goes, and the person may ask again', async () => {
    const asker = await t.signUpAndVerify();
    const room = await privateRoom();
    await ask(asker, room);
    const res = await asker.client.post('rooms/cancelJoiningRequest', { title: room.title });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: ROOMS.requestCancelled });
    expect(await pendingOf(asker, room)).toEqual({ requested: false, invited: false });
    expect((await notices(owner)).filter((n) => n.fromUser === asker.userID)).toEqual([]);
    expectError(
      await owner.client.post('rooms/acceptJoiningRequest', { title: room.title, fromUser: asker.userID }),
      404,
      ROOMS.noRequest,
    );
    expectError(
      await asker.client.post('rooms/cancelJoiningRequest', { title: room.id }),
      404,
      ROOMS.noOwnRequest,
    );
    await ask(asker, room);
    expect(await pendingOf(asker, room)).toEqual({ requested: true, invited: false });
  });

  it('withdraws only the caller’s own request, whatever ids the body carries', async () => {
    const asker = await t.signUpAndVerify();
    const room = await privateRoom();
    await ask(asker, room);
    for (const who of [owner, member]) {
      expectError(
        await who.client.post('rooms/cancelJoiningRequest', { title: room.title, fromUser: asker.userID }),
        404,
        ROOMS.noOwnRequest,
      );
    }
    expect(await pendingOf(asker, room)).toEqual({ requested: true, invited: false });
    expect((await notices(owner)).filter((n) => n.fromUser === asker.userID)).toHaveLength(1);
  });

  it('is not how an invitation is refused, and answers 404 for unknown rooms, 401 and 400', async () => {
    const invitee = await t.signUpAndVerify();
    const room = await privateRoom();
    await owner.client.post(`rooms/addUserinRoom/${invitee.username}`, { title: room.title });
    expectError(
      await invitee.client.post('rooms/cancelJoiningRequest', { title: room.title }),
      404,
      ROOMS.noOwnRequest,
    );
    expect(await pendingOf(invitee, room)).toEqual({ requested: false, invited: true });
    expectError(
      await invitee.client.post('rooms/cancelJoiningRequest', { title: 'NoSuchRoom' }),
      404,
      ROOMS.notFound,
    );
    expectError(
      await t.client().post('rooms/cancelJoiningRequest', { title: room.title }),
      401,
      AUTH.notSignedIn,
    );
    const bad = await invitee.client.post('rooms/cancelJoiningRequest', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^title: /);
  });
});

describe('invitations', () => {
  it('the room read tells an invitation from a request; joining accepts it and marks its notice read', async () => {
    const invitee = await t.signUpAndVerify();
    const room = await privateRoom();
    await owner.client.post(`rooms/addUserinRoom/${invitee.username}`, { title: room.title });
    const forbidden = await invitee.client.get(`rooms/showRoom/${room.title}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ joined: false, requested: false, invited: true });
    const [invitation] = await notices(invitee);
    expect(invitation).toMatchObject({ kind: 'roomInvitation', roomId: room.id, isRead: false });

    const join = await invitee.client.post('rooms/join', { title: room.id });
    expect(join.statusCode, join.body).toBe(200);
    expect(join.json().msg).toBe(ROOMS.joined);
    expect((await notices(invitee)).find((n) => n.id === invitation?.id)?.isRead).toBe(true);
    expect((await invitee.client.get(`rooms/showRoom/${room.title}`)).json()).toMatchObject({
      joined: true,
      requested: false,
      invited: false,
    });
  });

  it('a public room’s invitation is read as one too, and joining it is open', async () => {
    const invitee = await t.signUpAndVerify();
    const room = await t.createRoom(owner);
    await member.client.post('rooms/join', { title: room.title });
    expect(
      (await member.client.post(`rooms/addUserinRoom/${invitee.username}`, { title: room.title })).statusCode,
    ).toBe(201);
    expect(await pendingOf(invitee, room)).toEqual({ requested: false, invited: true });
  });
});
