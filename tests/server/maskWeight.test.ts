/**
 * Masks that cost more than three accounts (issue 30): a report counts toward hiding an item only from
 * an account at least MASK_MIN_ACCOUNT_DAYS old (3 by default), made before the item, that has taken
 * part (a post, a poll or a comment); every report still reaches the moderators' queue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp({ MODERATORS: 'WeighMod', REPORT_THRESHOLD: '3' });
let author: Account;
let mod: Account;

beforeAll(async () => {
  author = await t.signUpAndVerify();
  mod = await t.signUpAndVerify(undefined, { username: 'WeighMod' });
});

const reporters = (n: number) => Promise.all(Array.from({ length: n }, () => t.signUpAndVerify()));
const age = (accounts: Account[], days: number) =>
  t.query(
    `update users set created_at = now() - interval '${days} days' where id in (${accounts.map((a) => `'${a.userID}'`).join(',')})`,
  );
const takePart = async (accounts: Account[]) => {
  for (const account of accounts) await t.createPost(account);
};
const moderationOf = async (postId: string) =>
  (await t.query<{ moderation: string | null }>(`select moderation from posts where id = '${postId}'`))[0]
    ?.moderation ?? null;
const reportAll = async (accounts: Account[], postId: string) => {
  for (const account of accounts)
    expect(
      (await account.client.post('reports', { kind: 'post', id: postId, reason: 'spam' })).statusCode,
    ).toBe(201);
};
const queued = async (postId: string) =>
  (
    (await mod.client.get('mod/queue?offset=0&limit=20')).json().items as { id: string; reporters: number }[]
  ).find((item) => item.id === postId);

describe('the weight of a report', () => {
  it('three accounts made minutes ago do not mask, but reach the queue', async () => {
    const fresh = await reporters(3);
    await takePart(fresh);
    const post = await t.createPost(author);
    await reportAll(fresh, post.id);
    expect(await moderationOf(post.id)).toBeNull();
    expect((await queued(post.id))?.reporters).toBe(3);
  });

  it('three old accounts that never took part do not mask', async () => {
    const idle = await reporters(3);
    await age(idle, 10);
    const post = await t.createPost(author);
    await reportAll(idle, post.id);
    expect(await moderationOf(post.id)).toBeNull();
  });

  it('three old accounts that took part mask, at the third', async () => {
    const members = await reporters(3);
    await takePart(members);
    await age(members, 10);
    const post = await t.createPost(author);
    await reportAll(members.slice(0, 2), post.id);
    expect(await moderationOf(post.id)).toBeNull();
    await reportAll(members.slice(2), post.id);
    expect(await moderationOf(post.id)).toBe('masked');
  });

  it('accounts made after the item was posted do not mask it', async () => {
    const post = await t.createPost(author);
    await t.query(`update posts set created_at = now() - interval '30 days' where id = '${post.id}'`);
    const late = await reporters(3);
    await takePart(late);
    await age(late, 5);
    await reportAll(late, post.id);
    expect(await moderationOf(post.id)).toBeNull();
  });
});
