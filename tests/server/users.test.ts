import { describe, expect, it } from 'vitest';
import { userInfoSchema } from '../../src/domain/entities.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

const userUrl = (email: string) => `u/${encodeURIComponent(email)}`;

describe('GET u/:email', () => {
  it('returns the signed-in user their own UserInfo', async () => {
    const account = await t.signUpAndVerify();
    const res = await account.client.get(userUrl(account.email));
    expect(res.statusCode).toBe(200);
    const user = userInfoSchema.parse(res.json().user);
    expect(user).toEqual({
      userID: account.userID,
      username: account.username,
      email: account.email,
      dp: null,
      bgImg: null,
      leetcode: null,
      codeforces: null,
      about: null,
      showLC: false,
      showCf: false,
      createdAt: expect.any(String),
      moderator: false,
      commentSort: null,
    });
  });

  it('accepts the address in any letter case', async () => {
    const account = await t.signUpAndVerify();
    expect((await account.client.get(userUrl(account.email.toUpperCase()))).statusCode).toBe(200);
  });

  it('decrypts the LeetCode handle stored sealed', async () => {
    const account = await t.signUpAndVerify();
    const sealed = t.crypto.sealField('leet_handle');
    await t.query(
      `UPDATE users SET leetcode_sealed = '${sealed}', show_lc = true WHERE id = '${account.userID}'`,
    );
    const { user } = (await account.client.get(userUrl(account.email))).json();
    expect(user).toMatchObject({ leetcode: 'leet_handle', showLC: true });
  });

  it('answers 403 for another user’s address, without revealing anything', async () => {
    const me = await t.signUpAndVerify();
    const other = await t.signUpAndVerify();
    const res = await me.client.get(userUrl(other.email));
    expectError(res, 403, AUTH.forbidden);
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toContain(other.username);
  });

  it('answers 401 when signed out', async () => {
    const account = await t.signUpAndVerify();
    expectError(await t.client().get(userUrl(account.email)), 401, AUTH.notSignedIn);
  });
});
