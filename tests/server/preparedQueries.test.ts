/**
 * The hot reads are built once (server/db/prepared.ts): after a first request of each, asking again,
 * as the same kind of viewer or another person of that kind, builds no SQL text (on PostgreSQL they
 * go as named statements: preparedStatements.postgres.test.ts). A read inside a transaction runs on that transaction.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nameAllowed } from '../../server/db/prepared.ts';
import { polls } from '../../server/db/schema.ts';
import { readPoll } from '../../server/modules/polls/read.ts';
import { type Account, setupTestApp, type TestClient } from '../support/testApp.ts';

const t = setupTestApp();
let author: Account;
let member: Account;
let other: Account;
let postId: string;
let pollId: string;
let roomId: string;

beforeAll(async () => {
  author = await t.signUpAndVerify();
  member = await t.signUpAndVerify();
  other = await t.signUpAndVerify();
  const room = await t.createRoom(author);
  roomId = room.id;
  postId = (await t.createPost(author, { title: 'Prepared', topic: 'dsa', body: 'Once' })).id;
  pollId = (await t.createPoll(author, { topic: 'dsa' })).id;
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The hot reads of a viewer (a member's own tabs where they need one). */
function hotReads(viewer: Account | null): string[] {
  const reads = [
    '/api/posts/getPost?offset=0&limit=15',
    '/api/poll/getallpolls?offset=0&limit=15',
    '/api/posts/popular?page=0',
    '/api/posts/q/hottopic?topic=dsa&page=0',
    '/api/poll/q/hottopicspoll?topic=dsa',
    `/api/posts/getPost?title=${roomId}`,
    `/api/poll/getallpolls?subCommunity=${roomId}`,
    `/api/rooms/showRoom/${roomId}`,
    `/api/posts/getapost?id=${postId}`,
    `/api/poll/getpoll?id=${pollId}`,
    '/api/rooms/notJoinedRoom',
    `/api/search/getusers?key=${author.username.slice(0, 4)}`,
    `/api/search/getauser?key=${author.username}`,
    `/api/search/getuserposts?userID=${author.userID}`,
    `/api/search/getuserpolls?username=${author.username}`,
    `/api/search/getusercomments?userID=${author.userID}`,
    `/api/search/getuseroverview?userID=${author.userID}`,
  ];
  if (!viewer) return reads;
  return [
    ...reads,
    '/api/u/notification',
    `/api/u/${encodeURIComponent(viewer.email)}`,
    `/api/rooms/getAllRoom/${viewer.userID}`,
    `/api/search/getuserupvotes?userID=${viewer.userID}`,
  ];
}

async function read(client: TestClient, urls: string[]): Promise<void> {
  for (const url of urls) {
    const res = await client.get(url);
    expect(res.statusCode, url).toBe(200);
  }
}

/** The SQL texts Drizzle builds while `run` runs. */
async function textsBuilt(run: () => Promise<void>): Promise<string[]> {
  const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
  await run();
  const texts = built.mock.results.map((result) => (result.value as { sql: string }).sql);
  built.mockRestore();
  return texts;
}

describe('prepared reads', () => {
  it('builds no SQL text for a visitor reading again', async () => {
    const visitor = t.client();
    await read(visitor, hotReads(null));
    expect(await textsBuilt(() => read(t.client(), hotReads(null)))).toEqual([]);
  });

  it('builds no SQL text for a member reading again, nor for another member', async () => {
    await read(member.client, hotReads(member));
    expect(await textsBuilt(() => read(member.client, hotReads(member)))).toEqual([]);
    expect(await textsBuilt(() => read(other.client, hotReads(other)))).toEqual([]);
  });

  it('builds a page deeper than the kept ones for its request, and keeps answering it', async () => {
    const deep = '/api/posts/getPost?offset=600&limit=15';
    await read(member.client, [deep]);
    expect(await textsBuilt(() => read(member.client, [deep]))).toHaveLength(1);
  });

  it('names statements up to its budget, and keeps the names it gave', () => {
    expect(nameAllowed('test_kept', Number.POSITIVE_INFINITY)).toBe(true);
    expect(nameAllowed('test_over', 0)).toBe(false);
    expect(nameAllowed('test_kept', 0)).toBe(true);
  });

  it('runs a read inside a transaction on that transaction', async () => {
    const db = t.app.database.db;
    const viewer = { id: author.userID, moderators: [], crisisKeywords: [] };
    const rolledBack = new Error('rolled back');
    await expect(
      db.transaction(async (tx) => {
        const [poll] = await tx
          .insert(polls)
          .values({ userId: author.userID, title: 'Uncommitted', topic: 'iet', createdAt: t.clock.now() })
          .returning({ id: polls.id });
        // Prepared on the database, it would wait for this transaction on PGlite, and not see the row on PostgreSQL.
        expect((await readPoll(poll?.id ?? '', viewer, tx))?.p.title).toBe('Uncommitted');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await t.query("SELECT id FROM polls WHERE title = 'Uncommitted'")).toEqual([]);
  });
});
