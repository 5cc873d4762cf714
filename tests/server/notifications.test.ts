import { describe, expect, it } from 'vitest';
import { notificationSchema } from '../../src/domain/entities.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

async function insertNotification(to: string, from: string | null, title: string, at: Date) {
  const sender = from === null ? 'NULL' : `'${from}'`;
  await t.query(
    `INSERT INTO notifications (kind, to_user, from_user, title, body, created_at)
     VALUES ('reportOutcome', '${to}', ${sender}, '${title}', 'upvoted your post!', '${at.toISOString()}')`,
  );
}

describe('GET u/notification', () => {
  it('answers 401 when signed out', async () => {
    expectError(await t.client().get('u/notification'), 401, AUTH.notSignedIn);
  });

  it('returns an empty list for a new user', async () => {
    const account = await t.signUpAndVerify();
    const res = await account.client.get('u/notification');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('lists only the user’s notifications, newest first, with the sender’s username', async () => {
    const me = await t.signUpAndVerify();
    const sender = await t.signUpAndVerify();
    const base = Date.now();
    await insertNotification(me.userID, sender.userID, 'older', new Date(base - 60_000));
    await insertNotification(me.userID, sender.userID, 'newest', new Date(base));
    await insertNotification(me.userID, null, 'from a deleted user', new Date(base - 120_000));
    await insertNotification(sender.userID, me.userID, 'not mine', new Date(base));

    const { data } = (await me.client.get('u/notification')).json();
    expect(data.map((n: { title: string }) => n.title)).toEqual(['newest', 'older', 'from a deleted user']);
    for (const n of data) notificationSchema.parse(n);
    expect(data[0]).toMatchObject({
      toUser: me.userID,
      fromUser: sender.userID,
      kind: 'reportOutcome',
      postId: null,
      body: 'upvoted your post!',
      isRead: false,
      user2: { username: sender.username },
    });
    expect(data[2].user2).toBeNull();
  });

  it('returns at most the newest 50', async () => {
    const me = await t.signUpAndVerify();
    const base = Date.now();
    const values = Array.from(
      { length: 55 },
      (_, i) => `('removal', '${me.userID}', 'n${i}', 'body', '${new Date(base + i * 1000).toISOString()}')`,
    );
    await t.query(
      `INSERT INTO notifications (kind, to_user, title, body, created_at) VALUES ${values.join(', ')}`,
    );
    const { data } = (await me.client.get('u/notification')).json();
    expect(data).toHaveLength(50);
    expect(data[0].title).toBe('n54');
    expect(data[49].title).toBe('n5');
  });
});
