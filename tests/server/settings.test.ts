import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNIN_RULES } from '../../src/domain/constants.ts';
import { AUTH, POSTS, VALIDATION } from '../../src/domain/messages.ts';
import { PROFILE, SETTINGS } from '../../src/domain/peopleMessages.ts';
import { settingsResponses } from '../../src/domain/profileSchemas.ts';
import { jpeg, pngBomb } from '../support/fixtures/images.ts';
import { type Account, expectError, randomUsername, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let me: Account;
let other: Account;
beforeAll(async () => {
  me = await t.signUpAndVerify();
  other = await t.signUpAndVerify();
});

const fileOf = (url: string) => join(t.dataDir, 'uploads', url.replace('/uploads/', ''));
const userRow = async (id: string) =>
  (await t.query<Record<string, unknown>>(`SELECT * FROM users WHERE id = '${id}'`))[0] ?? {};

describe('u/update', () => {
  it('changes the bio and answers the owner’s UserInfo', async () => {
    const res = await me.client.post('u/update', { username: null, password: '', bio: '  Hello there  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = settingsResponses.user.parse(res.json());
    expect(body.msg).toBe(SETTINGS.updated);
    expect(body.user).toMatchObject({
      userID: me.userID,
      username: me.username,
      email: me.email,
      about: 'Hello there',
    });
  });

  it('accepts a bio of 300 characters and refuses 301', async () => {
    expect((await me.client.post('u/update', { bio: 'b'.repeat(300) })).statusCode).toBe(200);
    expectError(await me.client.post('u/update', { bio: 'b'.repeat(301) }), 400, `bio: ${SETTINGS.bioLong}`);
  });

  it('answers 400 when nothing would change', async () => {
    for (const body of [{}, { username: null, password: null, bio: null }, { username: '', bio: '   ' }]) {
      expectError(await me.client.post('u/update', body), 400, SETTINGS.nothingToUpdate);
    }
  });

  it.each([
    ['a number as bio', { bio: 5 }, 'bio: Invalid input: expected string, received number'],
    ['a string as showCF', { showCF: 'yes' }, 'showCF: * showCF must be true or false'],
    ['a short username', { username: 'ab' }, `username: ${VALIDATION.usernameShort}`],
    ['a username with spaces', { username: 'a b c' }, `username: ${VALIDATION.usernameChars}`],
    ['a password of 7', { password: 'Ab1!xyz' }, `password: ${SETTINGS.invalidPassword}`],
    ['a password without a digit', { password: 'Abcdefg!' }, `password: ${SETTINGS.invalidPassword}`],
    ['a password with another symbol', { password: 'Abcdef1-' }, `password: ${SETTINGS.invalidPassword}`],
    [
      'a new password without the current one',
      { password: 'N3w{pass}' },
      `currentPassword: ${SETTINGS.currentPasswordRequired}`,
    ],
    [
      'a new password with an empty current one',
      { password: 'N3w{pass}', currentPassword: '' },
      `currentPassword: ${SETTINGS.currentPasswordRequired}`,
    ],
    ['a bio and clearBio together', { bio: 'Hi', clearBio: true }, `clearBio: ${SETTINGS.clearBioWithBio}`],
    ['a string as clearBio', { clearBio: 'yes' }, 'clearBio: * clearBio must be true or false'],
    ['only a current password', { currentPassword: 'Str0ng!pass' }, SETTINGS.nothingToUpdate],
    ['clearBio: false alone', { clearBio: false }, SETTINGS.nothingToUpdate],
  ])('refuses %s (400)', async (_name, body, msg) => {
    expectError(await me.client.post('u/update', body), 400, msg);
  });

  it('renames, in a new letter case too, and keeps names unique whatever their case', async () => {
    const account = await t.signUpAndVerify();
    const name = randomUsername();
    const res = await account.client.post('u/update', { username: name });
    expect(res.json().user.username).toBe(name);
    expect((await account.client.post('u/update', { username: name.toLowerCase() })).statusCode).toBe(200);
    expectError(
      await other.client.post('u/update', { username: name.toUpperCase() }),
      409,
      SETTINGS.usernameTaken(name.toUpperCase()),
    );
    expect((await t.signIn(t.client(), { username: name, password: account.password })).statusCode).toBe(202);
  });

  it('takes the name of an unverified account, as sign-up does', async () => {
    const pending = await t.signUp();
    const res = await other.client.post('u/update', { username: pending.username });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.query(`SELECT id FROM users WHERE id = '${pending.userID}'`)).toEqual([]);
    await other.client.post('u/update', { username: other.username });
  });

  it('changes the password: the address re-sealed under it, other sessions signed out, this one kept', async () => {
    const account = await t.signUpAndVerify();
    const elsewhere = t.client();
    expect((await t.signIn(elsewhere, { email: account.email, password: account.password })).statusCode).toBe(
      202,
    );
    const res = await account.client.post('u/update', {
      password: 'N3w{pass}',
      currentPassword: account.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await account.client.post('auth/refreshsignin')).json()).toEqual({ email: account.email });
    expectError(await elsewhere.post('auth/refreshsignin'), 401, AUTH.notSignedIn);
    expectError(
      await t.signIn(t.client(), { username: account.username, password: account.password }),
      401,
      AUTH.invalidCredentials,
    );
    const again = await t.signIn(t.client(), { username: account.username, password: 'N3w{pass}' });
    expect(again.json()).toMatchObject({ email: account.email });
    expect(JSON.stringify(await userRow(account.userID))).not.toContain(account.email);
  });

  it('refuses a wrong current password with 403 and changes nothing, sessions included', async () => {
    const account = await t.signUpAndVerify();
    const elsewhere = t.client();
    await t.signIn(elsewhere, { email: account.email, password: account.password });
    const before = await userRow(account.userID);
    expectError(
      await account.client.post('u/update', {
        password: 'N3w{pass}',
        currentPassword: 'Wrong1!pass',
        bio: 'taken over',
      }),
      403,
      SETTINGS.currentPasswordWrong,
    );
    expect(await userRow(account.userID)).toEqual(before);
    expect((await elsewhere.post('auth/refreshsignin')).statusCode).toBe(200);
    expect(
      (await t.signIn(t.client(), { username: account.username, password: account.password })).statusCode,
    ).toBe(202);
  });

  it('counts a wrong current password as a failed sign-in: the throttle answers 425 to both', async () => {
    const account = await t.signUpAndVerify();
    for (let i = 0; i < SIGNIN_RULES.maxFailuresPerAccount - 1; i += 1) {
      expectError(
        await account.client.post('u/update', { password: 'N3w{pass}', currentPassword: `Wrong${i}!pass` }),
        403,
        SETTINGS.currentPasswordWrong,
      );
    }
    // the fifth failure is a sign-in's: both doors share one count
    expectError(
      await t.signIn(t.client(), { email: account.email, password: 'Wrong1!pass' }),
      401,
      AUTH.invalidCredentials,
    );
    expectError(
      await account.client.post('u/update', { password: 'N3w{pass}', currentPassword: account.password }),
      425,
      AUTH.signinThrottled,
    );
    expectError(
      await t.signIn(t.client(), { email: account.email, password: account.password }),
      425,
      AUTH.signinThrottled,
    );
    // other changes need no password and are not throttled
    expect((await account.client.post('u/update', { bio: 'still mine' })).statusCode).toBe(200);
    t.clock.advance(SIGNIN_RULES.windowMs + 1);
    const res = await account.client.post('u/update', {
      password: 'N3w{pass}',
      currentPassword: account.password,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('gives the attempt back when the current password is right: changes never lock the account', async () => {
    const account = await t.signUpAndVerify();
    let current = account.password;
    for (let i = 0; i < SIGNIN_RULES.maxFailuresPerAccount + 1; i += 1) {
      const next = `N3w{pass}${i}`;
      const res = await account.client.post('u/update', { password: next, currentPassword: current });
      expect(res.statusCode, res.body).toBe(200);
      current = next;
    }
    expect((await t.signIn(t.client(), { email: account.email, password: current })).statusCode).toBe(202);
  });

  it('clears the bio with clearBio: true, where an empty bio leaves it as it is', async () => {
    const account = await t.signUpAndVerify();
    await account.client.post('u/update', { bio: 'Night owl' });
    const kept = await account.client.post('u/update', { bio: '', showCF: true });
    expect(kept.json().user.about).toBe('Night owl');
    const cleared = await account.client.post('u/update', { bio: null, clearBio: true });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().user.about).toBeNull();
    expect((await userRow(account.userID)).bio).toBeNull();
    // clearing an empty bio is no refusal
    expect((await account.client.post('u/update', { clearBio: true })).statusCode).toBe(200);
  });

  it('sets showCF', async () => {
    const res = await me.client.post('u/update', { showCF: true });
    expect(res.json().user.showCf).toBe(true);
    expect((await me.client.post('u/update', { showCF: false })).json().user.showCf).toBe(false);
  });

  it('changes only the session’s own account, whatever ids the body carries', async () => {
    const before = await userRow(other.userID);
    const res = await me.client.post('u/update', { bio: 'mine', userID: other.userID, userId: other.userID });
    expect(res.json().user.userID).toBe(me.userID);
    expect(await userRow(other.userID)).toEqual(before);
  });

  it('needs a session and the XSRF header', async () => {
    expectError(await t.client().post('u/update', { bio: 'x' }), 401, AUTH.notSignedIn);
    expectError(await me.client.post('u/update', { bio: 'x' }, { xsrf: null }), 403, AUTH.csrf);
  });
});

describe('u/setLcVisibility', () => {
  it('turns showLC on and off', async () => {
    expect((await me.client.post('u/setLcVisibility', { showLC: true })).json().user.showLC).toBe(true);
    const res = await me.client.post('u/setLcVisibility', { showLC: false });
    expect(res.json()).toMatchObject({ msg: SETTINGS.updated, user: { showLC: false } });
  });

  it('refuses anything but a boolean, and visitors', async () => {
    expectError(
      await me.client.post('u/setLcVisibility', { showLC: 'true' }),
      400,
      'showLC: * showLC must be true or false',
    );
    expectError(await t.client().post('u/setLcVisibility', { showLC: true }), 401, AUTH.notSignedIn);
  });
});

describe('u/uploadImg and u/updatebg', () => {
  it('sets the avatar (202), re-encoded, and removes the old file', async () => {
    const account = await t.signUpAndVerify();
    const first = await account.client.postForm('u/uploadImg', { profileImg: { data: await jpeg() } });
    expect(first.statusCode, first.body).toBe(202);
    const { msg, user } = settingsResponses.user.parse(first.json());
    expect(msg).toBe(PROFILE.avatarUpdated);
    expect(user.dp).toMatch(/^\/uploads\/users\/[0-9a-f-]+\.webp$/);
    expect(existsSync(fileOf(user.dp ?? ''))).toBe(true);
    const second = await account.client.postForm('u/uploadImg', { profileImg: { data: await jpeg(80, 80) } });
    expect(second.json().user.dp).not.toBe(user.dp);
    expect(existsSync(fileOf(user.dp ?? ''))).toBe(false);
    const served = await t.client().get(second.json().user.dp);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('sets the banner (200) and removes the old one', async () => {
    const first = await me.client.postForm('u/updatebg', { bgImg: { data: await jpeg() } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      msg: PROFILE.bannerUpdated,
      user: { bgImg: expect.stringMatching(/^\/uploads\/users\//) },
    });
    const second = await me.client.postForm('u/updatebg', { bgImg: { data: await jpeg() } });
    expect(existsSync(fileOf(first.json().user.bgImg))).toBe(false);
    expect(existsSync(fileOf(second.json().user.bgImg))).toBe(true);
  });

  it.each([
    [
      'text named .jpg',
      { profileImg: { data: Buffer.from('not an image'), filename: 'a.jpg' } },
      400,
      POSTS.imageUnreadable,
    ],
    [
      'an SVG',
      {
        profileImg: {
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
          filename: 'a.svg',
          contentType: 'image/svg+xml',
        },
      },
      400,
      POSTS.imageOnly,
    ],
    ['no file', {}, 400, PROFILE.imageRequired],
    [
      'a bomb',
      { profileImg: { data: pngBomb(), filename: 'a.png', contentType: 'image/png' } },
      413,
      POSTS.imageTooLarge,
    ],
  ])('refuses %s', async (_name, form, status, msg) => {
    const before = await userRow(me.userID);
    expectError(await me.client.postForm('u/uploadImg', form), status, msg);
    expect((await userRow(me.userID)).dp).toBe(before.dp);
  });

  it('refuses the file under another field name, JSON bodies and visitors', async () => {
    expectError(
      await me.client.postForm('u/updatebg', { profileImg: { data: await jpeg() } }),
      400,
      POSTS.imageOnly,
    );
    expectError(await me.client.post('u/uploadImg', { profileImg: 'x' }), 415, 'Unsupported content type');
    expectError(
      await t.client().postForm('u/uploadImg', { profileImg: { data: await jpeg() } }),
      401,
      AUTH.notSignedIn,
    );
  });
});
