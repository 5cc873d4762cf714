/**
 * Add member's suggestions (search/getmembercandidates ?title&key): people whose names contain the key
 * who are not in the room yet, asked only by someone who may add members there (spec §2 Room page, §6).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../../src/domain/entities.ts';
import { AUTH, ROOMS } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
/** A prefix only this file's people have, so the suggestions are exactly theirs. */
const tribe = `zq${randomBytes(2).toString('hex')}`;
let owner: Account;
let member: Account;
let invited: Account;
let stranger: Account;
let open: Room;
let closed: Room;

const named = (n: number) => ({ username: `${tribe}_${n}` });
const candidatesOf = (title: string, key: string) =>
  `search/getmembercandidates?${new URLSearchParams({ title, key })}`;
const suggestions = async (by: Account, room: Room | string, key: string) => {
  const res = await by.client.get(candidatesOf(typeof room === 'string' ? room : room.title, key));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().users as { username: string; dp: string | null }[]).map((u) => u.username);
};

beforeAll(async () => {
  owner = await t.signUpAndVerify(t.client(), named(1));
  member = await t.signUpAndVerify(t.client(), named(2));
  invited = await t.signUpAndVerify(t.client(), named(3));
  stranger = await t.signUpAndVerify(t.client(), named(4));
  open = await t.createRoom(owner, { title: `Open${tribe}` });
  closed = await t.createRoom(owner, { title: `Shut${tribe}`, privacy: 'true' });
  expect((await member.client.post('rooms/join', { title: open.title })).statusCode).toBe(200);
  for (const room of [open, closed]) {
    const res = await owner.client.post(`rooms/addUserinRoom/${invited.username}`, { title: room.title });
    expect(res.statusCode, res.body).toBe(201);
  }
});

describe('search/getmembercandidates', () => {
  it('suggests only people not in the room: no member, not the one asking; an invitation not yet taken may be sent again', async () => {
    expect((await suggestions(owner, open, tribe)).sort()).toEqual(
      [invited.username, stranger.username].sort(),
    );
    expect((await suggestions(member, open, tribe)).sort()).toEqual(
      [invited.username, stranger.username].sort(),
    );
    expect((await suggestions(owner, closed, tribe)).sort()).toEqual(
      [member.username, invited.username, stranger.username].sort(),
    );
  });

  it('takes the room by its id or its title in any case, and the key in any case', async () => {
    const expected = await suggestions(owner, open, tribe);
    expect(await suggestions(owner, open.id, tribe.toUpperCase())).toEqual(expected);
    expect(await suggestions(owner, ` ${open.title.toLowerCase()} `, tribe)).toEqual(expected);
  });

  it('drops someone once they join', async () => {
    const late = await t.signUpAndVerify(t.client(), named(5));
    const room = await t.createRoom(owner, { title: `Late${tribe}` });
    expect(await suggestions(owner, room, late.username)).toEqual([late.username]);
    expect((await late.client.post('rooms/join', { title: room.title })).statusCode).toBe(200);
    expect(await suggestions(owner, room, late.username)).toEqual([]);
  });

  it('answers no one for an empty key', async () => {
    expect(await suggestions(owner, open, '')).toEqual([]);
  });

  it('is refused to whoever may not add members, so no one learns who is in a private room', async () => {
    const ask = (by: Account, room: Room) => by.client.get(candidatesOf(room.title, tribe));
    expectError(await ask(stranger, open), 403, ROOMS.membersInvite);
    expectError(await ask(stranger, closed), 403, ROOMS.notOwner);
    // a joined member of a private room is not its owner
    expect((await invited.client.post('rooms/join', { title: closed.title })).statusCode).toBe(200);
    expectError(await ask(invited, closed), 403, ROOMS.notOwner);
    expectError(await t.client().get(candidatesOf(open.title, tribe)), 401, AUTH.notSignedIn);
  });

  it('answers 404 for an unknown room and 400 for a key that is too long', async () => {
    expectError(await owner.client.get(candidatesOf('NoSuchRoom', tribe)), 404, ROOMS.notFound);
    const res = await owner.client.get(candidatesOf(open.title, 'k'.repeat(51)));
    expect(res.statusCode).toBe(400);
  });
});
