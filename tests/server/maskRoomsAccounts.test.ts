/**
 * Rooms and accounts masked at the threshold like posts (issue 30, part 4): the room page and the
 * profile carry the mask; search and the side bar drop them for everyone but the owner (the account
 * itself) and moderators. Seen as a visitor, a stranger, a member, the owner and a moderator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../../src/domain/entities.ts';
import { type Account, setupTestApp } from '../support/testApp.ts';

// Every reporter counts here: the weight of a reporter's word is maskWeight.test.ts's.
const t = setupTestApp({ MODERATORS: 'RoomMaskMod', REPORT_THRESHOLD: '3', MASK_MIN_ACCOUNT_DAYS: '0' });
let owner: Account;
let member: Account;
let stranger: Account;
let mod: Account;
let reporters: Account[];

beforeAll(async () => {
  owner = await t.signUpAndVerify();
  member = await t.signUpAndVerify();
  stranger = await t.signUpAndVerify();
  mod = await t.signUpAndVerify(undefined, { username: 'RoomMaskMod' });
  reporters = [];
  for (let i = 0; i < 3; i++) reporters.push(await t.signUpAndVerify());
});

const reportBy = async (kind: 'room' | 'user', id: string, count: number) => {
  for (const reporter of reporters.slice(0, count)) {
    const res = await reporter.client.post('reports', { kind, id, reason: 'spam' });
    expect(res.statusCode, res.body).toBe(201);
  }
};

const viewers = () => [
  { who: 'a visitor', client: t.client(), masked: true },
  { who: 'a stranger', client: stranger.client, masked: true },
  { who: 'a member', client: member.client, masked: true },
  { who: 'the owner', client: owner.client, masked: false },
  { who: 'a moderator', client: mod.client, masked: false },
];

const maskOf = (body: { masked: boolean; maskedForOthers: boolean }) => ({
  masked: body.masked,
  maskedForOthers: body.maskedForOthers,
});

/** A room of `owner` that `member` and the reporters joined (invited first when it is private). */
async function maskedRoom(title: string, privacy = 'false'): Promise<Room> {
  const room = await t.createRoom(owner, { title, privacy });
  for (const account of [member, ...reporters]) {
    if (privacy === 'true') {
      const invited = await owner.client.post(`rooms/addUserinRoom/${account.username}`, { title });
      expect(invited.statusCode, invited.body).toBe(201);
    }
    expect((await account.client.post('rooms/join', { title })).statusCode).toBe(200);
  }
  return room;
}

const sideBarTitles = async (account: Account) => {
  const mine = (await account.client.get(`rooms/getAllRoom/${account.userID}`)).json().rooms;
  const open = (await account.client.get('rooms/notJoinedRoom')).json().rooms;
  return [...mine.map((entry: { room: Room }) => entry.room.title), ...open.map((room: Room) => room.title)];
};

const foundRooms = async (client: Account['client'], key: string) =>
  (await client.get(`search/getusers?key=${key}`)).json().rooms.map((r: { title: string }) => r.title);
const foundPeople = async (client: Account['client'], key: string) =>
  (await client.get(`search/getusers?key=${key}`)).json().users.map((u: { username: string }) => u.username);

describe('a room masked after reports', () => {
  it('is not masked below the threshold', async () => {
    const room = await maskedRoom('MaskTwo');
    await reportBy('room', room.title, 2);
    const res = await stranger.client.get(`rooms/showRoom/${room.title}`);
    expect(maskOf(res.json())).toEqual({ masked: false, maskedForOthers: false });
    expect(await foundRooms(stranger.client, 'MaskTwo')).toEqual(['MaskTwo']);
  });

  it('carries the mask on its page: hidden from others, in full for its owner and moderators', async () => {
    const room = await maskedRoom('MaskPage');
    await reportBy('room', room.title, 3);
    for (const viewer of viewers()) {
      const res = await viewer.client.get(`rooms/showRoom/${room.title}`);
      expect(res.statusCode, viewer.who).toBe(200);
      expect(maskOf(res.json()), viewer.who).toEqual({
        masked: viewer.masked,
        maskedForOthers: !viewer.masked,
      });
      expect(res.json().room.title, viewer.who).toBe('MaskPage');
    }
  });

  it('leaves search and the side bar for everyone but its owner and moderators', async () => {
    const room = await maskedRoom('MaskList');
    await reportBy('room', room.title, 3);
    for (const viewer of viewers()) {
      expect(await foundRooms(viewer.client, 'MaskList'), viewer.who).toEqual(
        viewer.masked ? [] : ['MaskList'],
      );
    }
    expect(await sideBarTitles(owner)).toContain('MaskList');
    expect(await sideBarTitles(mod)).toContain('MaskList');
    expect(await sideBarTitles(member)).not.toContain('MaskList');
    expect(await sideBarTitles(stranger)).not.toContain('MaskList');
    const visitorRooms = (await t.client().get('rooms/notJoinedRoom')).json().rooms;
    expect(visitorRooms.map((r: Room) => r.title)).not.toContain('MaskList');
  });

  it('comes back everywhere when a moderator dismisses the reports', async () => {
    const room = await maskedRoom('MaskBack');
    await reportBy('room', room.title, 3);
    expect((await mod.client.post('mod/dismiss', { kind: 'room', id: room.id })).statusCode).toBe(200);
    expect(maskOf((await stranger.client.get('rooms/showRoom/MaskBack')).json())).toEqual({
      masked: false,
      maskedForOthers: false,
    });
    expect(await foundRooms(stranger.client, 'MaskBack')).toEqual(['MaskBack']);
    expect(await sideBarTitles(member)).toContain('MaskBack');
  });

  it('carries the mask on the 403 of a private room too', async () => {
    const room = await maskedRoom('MaskShut', 'true');
    await reportBy('room', room.id, 3);
    const outside = await stranger.client.get('rooms/showRoom/MaskShut');
    expect(outside.statusCode).toBe(403);
    expect(maskOf(outside.json())).toEqual({ masked: true, maskedForOthers: false });
  });
});

describe('an account masked after reports', () => {
  it('carries the mask on its profile: hidden from others, in full for itself and moderators', async () => {
    const person = await t.signUpAndVerify();
    await reportBy('user', person.username, 3);
    const people = [
      { who: 'a visitor', client: t.client(), masked: true },
      { who: 'a stranger', client: stranger.client, masked: true },
      { who: 'the account itself', client: person.client, masked: false },
      { who: 'a moderator', client: mod.client, masked: false },
    ];
    for (const viewer of people) {
      const res = await viewer.client.get(`search/getauser?key=${person.username}`);
      expect(res.statusCode, viewer.who).toBe(200);
      expect(maskOf(res.json().user), viewer.who).toEqual({
        masked: viewer.masked,
        maskedForOthers: !viewer.masked,
      });
      expect(await foundPeople(viewer.client, person.username), viewer.who).toEqual(
        viewer.masked ? [] : [person.username],
      );
    }
  });

  it('leaves the add-member suggestions', async () => {
    const person = await t.signUpAndVerify();
    await reportBy('user', person.username, 3);
    const room = await t.createRoom(owner, { title: 'MaskInvite', privacy: 'false' });
    const res = await owner.client.get(
      `search/getmembercandidates?key=${person.username}&title=${room.title}`,
    );
    expect(res.json().users).toEqual([]);
  });

  it('an account below the threshold is found and unmasked', async () => {
    const person = await t.signUpAndVerify();
    await reportBy('user', person.username, 2);
    const res = await stranger.client.get(`search/getauser?key=${person.username}`);
    expect(maskOf(res.json().user)).toEqual({ masked: false, maskedForOthers: false });
    expect(await foundPeople(stranger.client, person.username)).toEqual([person.username]);
  });
});
