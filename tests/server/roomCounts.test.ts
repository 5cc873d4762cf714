/**
 * A room's stored counts (migration 0010's triggers) follow every way members, posts and polls come
 * and go: joins, pending requests accepted or dropped, deletions, and an account's deletion cascading
 * to its memberships and posts. Each step compares the row with a count of the rows themselves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../../src/domain/entities.ts';
import { type Account, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let owner: Account;
let room: Room;

beforeAll(async () => {
  owner = await t.signUpAndVerify();
  room = await t.createRoom(owner);
  await t.query(`
    INSERT INTO users (id, username, email_hash, email_sealed, password_hash, verified_at)
    SELECT gen_random_uuid(), 'counted' || n, 'counted-hash' || n, 'x', 'x', now() FROM generate_series(1, 4) AS n`);
});

interface Counts {
  members: number;
  posts: number;
  polls: number;
}

async function stored(): Promise<Counts> {
  const [row] = await t.query<Counts>(`
    SELECT member_count AS members, post_count AS posts, poll_count AS polls FROM rooms WHERE id = '${room.id}'`);
  if (!row) throw new Error('the room is gone');
  return row;
}

async function recounted(): Promise<Counts> {
  const [row] = await t.query<Counts>(`
    SELECT (SELECT count(*)::int FROM room_members WHERE room_id = '${room.id}' AND joined) AS members,
           (SELECT count(*)::int FROM posts WHERE sub_community = '${room.id}') AS posts,
           (SELECT count(*)::int FROM polls WHERE sub_community = '${room.id}') AS polls`);
  if (!row) throw new Error('no counts');
  return row;
}

const userIn = (n: number) => `(SELECT id FROM users WHERE username = 'counted${n}')`;

describe("a room's stored counts", () => {
  it('start with its creator as its one member', async () => {
    expect(room._count).toEqual({ members: 1, posts: 0, polls: 0 });
    expect(await stored()).toEqual({ members: 1, posts: 0, polls: 0 });
  });

  it('count joined members, not pending requests, through acceptance and leaving', async () => {
    await t.query(`
      INSERT INTO room_members (room_id, user_id, joined)
      VALUES ('${room.id}', ${userIn(1)}, true), ('${room.id}', ${userIn(2)}, true), ('${room.id}', ${userIn(3)}, false)`);
    expect((await stored()).members).toBe(3);
    await t.query(`UPDATE room_members SET joined = true WHERE user_id = ${userIn(3)}`);
    expect((await stored()).members).toBe(4);
    await t.query(`UPDATE room_members SET joined = false WHERE user_id = ${userIn(1)}`);
    expect((await stored()).members).toBe(3);
    await t.query(`DELETE FROM room_members WHERE user_id IN (${userIn(1)}, ${userIn(2)})`);
    expect(await stored()).toEqual(await recounted());
    expect((await stored()).members).toBe(2);
  });

  it("count the room's posts and polls, not topic ones, and follow their deletion", async () => {
    await t.query(`
      INSERT INTO posts (user_id, title, body, sub_community) VALUES
        (${userIn(3)}, 'In the room', 'Body', '${room.id}'),
        (${userIn(3)}, 'Also in the room', 'Body', '${room.id}')`);
    await t.query(
      `INSERT INTO posts (user_id, title, topic, body) VALUES (${userIn(3)}, 'Topic post', 'dsa', 'Body')`,
    );
    await t.query(
      `INSERT INTO polls (user_id, title, sub_community) VALUES (${userIn(4)}, 'Room poll?', '${room.id}')`,
    );
    expect(await stored()).toEqual({ members: 2, posts: 2, polls: 1 });
    await t.query(`DELETE FROM posts WHERE title = 'Also in the room'`);
    expect(await stored()).toEqual({ members: 2, posts: 1, polls: 1 });
  });

  it("follow an account's deletion cascading to its memberships and posts", async () => {
    await t.query(`DELETE FROM users WHERE username = 'counted3'`);
    expect(await stored()).toEqual({ members: 1, posts: 0, polls: 1 });
    expect(await stored()).toEqual(await recounted());
  });

  it('are what the room page shows', async () => {
    const res = await owner.client.get(`rooms/showRoom/${encodeURIComponent(room.title)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().room._count).toEqual({ members: 1, posts: 0, polls: 1 });
  });
});
