/**
 * Removed means gone (issue 30): an image answers whoever may see what it shows, in every size; a
 * removed item's images answer 410 and a deleted one's 404, at once; a private room's images answer
 * its members only; and no shared cache may keep an image past that (`private, no-cache`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { variantKey } from '../../src/domain/images.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type Account, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp({ MODERATORS: 'ImgModA, ImgModB', REPORT_THRESHOLD: '3' });
let author: Account;
let member: Account;
let stranger: Account;
let modA: Account;
let modB: Account;

beforeAll(async () => {
  author = await t.signUpAndVerify();
  member = await t.signUpAndVerify();
  stranger = await t.signUpAndVerify();
  modA = await t.signUpAndVerify(undefined, { username: 'ImgModA' });
  modB = await t.signUpAndVerify(undefined, { username: 'ImgModB' });
});

const photo = async () => ({ postImg: { data: await jpeg(1200, 600) } });
/** The image and every copy a card may ask for. */
const sizes = (img: string) => [img, variantKey(img, { kind: 'width', size: 640 })];
const statusFor = async (viewer: Account | null, url: string) =>
  (await (viewer?.client ?? t.client()).get(url)).statusCode;

async function removeByModerators(kind: 'post' | 'user', id: string) {
  await stranger.client.post('reports', { kind, id, reason: 'spam' });
  expect((await modA.client.post('mod/propose', { kind, id, rule: 'spam' })).statusCode).toBe(201);
  expect((await modB.client.post('mod/confirm', { kind, id })).statusCode).toBe(200);
}

describe('a post image', () => {
  it('is sent for no shared cache to keep, revalidated by its ETag', async () => {
    const post = await t.createPost(author, await photo());
    const res = await t.client().get(post.img ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const etag = String(res.headers.etag);
    const again = await t.client().get(post.img ?? '', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 410 in every size, to everyone, once moderators removed its post', async () => {
    const post = await t.createPost(author, await photo());
    for (const url of sizes(post.img ?? '')) expect(await statusFor(null, url)).toBe(200);
    await removeByModerators('post', post.id);
    for (const url of sizes(post.img ?? '')) {
      for (const viewer of [null, author, stranger, modA])
        expect(await statusFor(viewer, url), url).toBe(410);
    }
  });

  it('answers 404 in every size once its author deleted the post', async () => {
    const post = await t.createPost(author, await photo());
    expect((await author.client.del('posts/delete', { id: post.id })).statusCode).toBe(200);
    for (const url of sizes(post.img ?? '')) {
      for (const viewer of [null, author]) expect(await statusFor(viewer, url), url).toBe(404);
    }
  });
});

describe("a private room's images", () => {
  it('answer its members only, and no longer a member who left', async () => {
    const room = await t.createRoom(author, { privacy: 'true' });
    await member.client.post(`rooms/addUserinRoom/${member.username}`, { title: room.title });
    await author.client.post('rooms/acceptJoiningRequest', { title: room.title, fromUser: member.userID });
    const post = await t.createPost(author, { ...(await photo()), topic: '', subCommunity: room.id });
    for (const url of sizes(post.img ?? '')) {
      expect(await statusFor(author, url)).toBe(200);
      expect(await statusFor(member, url)).toBe(200);
      expect(await statusFor(stranger, url)).toBe(404);
      expect(await statusFor(null, url)).toBe(404);
    }
    expect((await member.client.post(`rooms/leave/${room.id}`)).statusCode).toBe(200);
    expect(await statusFor(member, post.img ?? '')).toBe(404);
  });
});

describe("an account's pictures", () => {
  it('answer 410 once moderators removed the account, and 404 once replaced', async () => {
    const person = await t.signUpAndVerify();
    const first = (await person.client.postForm('u/uploadImg', { profileImg: { data: await jpeg() } })).json()
      .user.dp as string;
    expect(await statusFor(null, first)).toBe(200);
    const second = (
      await person.client.postForm('u/uploadImg', { profileImg: { data: await jpeg() } })
    ).json().user.dp as string;
    expect(await statusFor(null, first)).toBe(404);
    expect(await statusFor(null, second)).toBe(200);
    await removeByModerators('user', person.userID);
    expect(await statusFor(stranger, second)).toBe(410);
  });
});
