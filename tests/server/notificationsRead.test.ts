import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTH, NOTIFICATIONS } from '../../src/domain/messages.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

async function notify(to: Account, title: string): Promise<string> {
  const [row] = await t.query<{ id: string }>(
    `INSERT INTO notifications (kind, to_user, title, body) VALUES ('removal', '${to.userID}', '${title}', 'body') RETURNING id`,
  );
  return row?.id ?? '';
}

const readState = async (account: Account) =>
  Object.fromEntries(
    ((await account.client.get('u/notification')).json().data as { title: string; isRead: boolean }[]).map(
      (n) => [n.title, n.isRead],
    ),
  );

describe('u/markasread', () => {
  it('marks one of the user’s notifications read (201), again too', async () => {
    const me = await t.signUpAndVerify();
    const first = await notify(me, 'first');
    await notify(me, 'second');
    const res = await me.client.post('u/markasread', { id: first });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ msg: NOTIFICATIONS.marked });
    expect(await readState(me)).toEqual({ first: true, second: false });
    expect((await me.client.post('u/markasread', { id: first })).statusCode).toBe(201);
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const me = await t.signUpAndVerify();
    const other = await t.signUpAndVerify();
    const theirs = await notify(other, 'theirs');
    expectError(await me.client.post('u/markasread', { id: theirs }), 404, NOTIFICATIONS.notFound);
    expectError(await me.client.post('u/markasread', { id: randomUUID() }), 404, NOTIFICATIONS.notFound);
    expect(await readState(other)).toEqual({ theirs: false });
  });

  it('refuses a malformed id, visitors and a missing XSRF header', async () => {
    const me = await t.signUpAndVerify();
    const id = await notify(me, 'mine');
    expectError(await me.client.post('u/markasread', { id: 'n1' }), 400, 'id: * must be an id');
    expectError(await t.client().post('u/markasread', { id }), 401, AUTH.notSignedIn);
    expectError(await me.client.post('u/markasread', { id }, { xsrf: null }), 403, AUTH.csrf);
  });
});

describe('u/markallasread', () => {
  it('marks all of the user’s notifications read (202), nobody else’s', async () => {
    const me = await t.signUpAndVerify();
    const other = await t.signUpAndVerify();
    await notify(me, 'a');
    await notify(me, 'b');
    await notify(other, 'c');
    const res = await me.client.post('u/markallasread');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ msg: NOTIFICATIONS.markedAll });
    expect(await readState(me)).toEqual({ a: true, b: true });
    expect(await readState(other)).toEqual({ c: false });
  });

  it('needs a session and the XSRF header', async () => {
    const me = await t.signUpAndVerify();
    expectError(await t.client().post('u/markallasread'), 401, AUTH.notSignedIn);
    expectError(await me.client.post('u/markallasread', undefined, { xsrf: null }), 403, AUTH.csrf);
  });
});
