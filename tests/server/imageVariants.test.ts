/**
 * The smaller copies of uploads (src/domain/images.ts): made at upload for what the image is shown as,
 * made on the first request for an upload older than them, served like the original, and 404 for any
 * name that is not a known copy of a stored original.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_SIDES, POST_IMAGE_WIDTHS, variantKey } from '../../src/domain/images.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { jpeg, png } from '../support/fixtures/images.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let author: Account;
beforeAll(async () => {
  author = await t.signUpAndVerify();
});

const fileOf = (url: string) => join(t.dataDir, url);
const sizeOf = async (data: Buffer) => {
  const { format, width, height } = await sharp(data).metadata();
  return { format, width, height };
};
const widthCopy = (url: string, size: number) => variantKey(url, { kind: 'width', size });
const squareCopy = (url: string, size: number) => variantKey(url, { kind: 'square', size });

/**
 * An upload from before copies existed: only the original, written straight into the folder, shown
 * by a post (an image that belongs to nothing answers 404).
 */
async function oldUpload(data?: Buffer): Promise<string> {
  const url = `/uploads/posts/${randomUUID()}.webp`;
  const post = await t.createPost(author);
  await t.query(`update posts set img = '${url}' where id = '${post.id}'`);
  mkdirSync(join(t.dataDir, 'uploads', 'posts'), { recursive: true });
  writeFileSync(
    fileOf(url),
    data ??
      (await sharp(await jpeg(1600, 900))
        .webp()
        .toBuffer()),
  );
  return url;
}

describe('copies made at upload', () => {
  it('stores a post image at 320, 640 and 1080 px wide beside the original, in WebP', async () => {
    const post = await t.createPost(author, { postImg: { data: await jpeg(1600, 1200) } });
    const img = post.img ?? '';
    expect(await sizeOf(readFileSync(fileOf(img)))).toEqual({ format: 'webp', width: 1600, height: 1200 });
    for (const width of POST_IMAGE_WIDTHS) {
      const copy = readFileSync(fileOf(widthCopy(img, width)));
      expect(await sizeOf(copy), `${width}w`).toEqual({ format: 'webp', width, height: (width * 3) / 4 });
    }
    expect(readdirSync(join(t.dataDir, 'uploads', 'posts')).some((name) => name.includes('x'))).toBe(false);
  });

  it('never enlarges: the copies of a small image are its own size', async () => {
    const post = await t.createPost(author, { postImg: { data: await jpeg(200, 100) } });
    for (const width of POST_IMAGE_WIDTHS) {
      const copy = readFileSync(fileOf(widthCopy(post.img ?? '', width)));
      expect(await sizeOf(copy)).toEqual({
        format: 'webp',
        width: Math.min(width, 200),
        height: Math.min(width, 200) / 2,
      });
    }
  });

  it('stores avatars and room icons as centre squares at 40, 96 and 192 px; banners alone', async () => {
    const avatar = await author.client.postForm('u/uploadImg', { profileImg: { data: await png(300, 200) } });
    expect(avatar.statusCode, avatar.body).toBe(202);
    const banner = await author.client.postForm('u/updatebg', { bgImg: { data: await png(900, 300) } });
    expect(banner.statusCode, banner.body).toBe(200);
    const room = await t.createRoom(author, { roomImg: { data: await jpeg(120, 240) } });
    for (const url of [avatar.json().user.dp, room.img ?? '']) {
      for (const side of PICTURE_SIDES) {
        const copy = readFileSync(fileOf(squareCopy(url, side)));
        expect(await sizeOf(copy), `${url} ${side}`).toEqual({ format: 'webp', width: side, height: side });
      }
    }
    const bannerUrl: string = banner.json().user.bgImg;
    const bannerName = bannerUrl.split('/').pop()?.replace('.webp', '') ?? '';
    const stored = readdirSync(join(t.dataDir, 'uploads', 'users')).filter((name) =>
      name.startsWith(bannerName),
    );
    expect(stored).toEqual([`${bannerName}.webp`]);
  });

  it('removes every copy with its post', async () => {
    const post = await t.createPost(author, { postImg: { data: await jpeg(800, 600) } });
    const img = post.img ?? '';
    const copies = POST_IMAGE_WIDTHS.map((width) => fileOf(widthCopy(img, width)));
    expect(copies.every((path) => existsSync(path))).toBe(true);
    expect((await author.client.del('posts/delete', { id: post.id })).statusCode).toBe(200);
    expect([fileOf(img), ...copies].filter((path) => existsSync(path))).toEqual([]);
  });
});

describe('copies of older uploads', () => {
  it('makes a missing copy from the original on first request, stores it and serves it', async () => {
    const img = await oldUpload();
    const url = widthCopy(img, 640);
    expect(existsSync(fileOf(url))).toBe(false);
    const first = await t.client().get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(first.rawPayload.length),
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
    });
    expect(await sizeOf(first.rawPayload)).toEqual({ format: 'webp', width: 640, height: 360 });
    expect(readFileSync(fileOf(url))).toEqual(first.rawPayload);
    const again = await t.client().get(url);
    expect(again.rawPayload).toEqual(first.rawPayload);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('makes a square copy of an old avatar the same way', async () => {
    const img = await oldUpload();
    const res = await t.client().get(squareCopy(img, 96));
    expect(res.statusCode).toBe(200);
    expect(await sizeOf(res.rawPayload)).toEqual({ format: 'webp', width: 96, height: 96 });
  });

  it('answers concurrent first requests with the same whole copy, and leaves one file', async () => {
    const img = await oldUpload();
    const url = widthCopy(img, 1080);
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.client().get(url)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    for (const res of answers) expect(res.rawPayload).toEqual(answers[0]?.rawPayload);
    expect(await sizeOf(readFileSync(fileOf(url)))).toEqual({ format: 'webp', width: 1080, height: 608 });
    const name = img.split('/').pop()?.replace('.webp', '') ?? '';
    const left = readdirSync(join(t.dataDir, 'uploads', 'posts')).filter((file) => file.startsWith(name));
    expect(left.sort()).toEqual([`${name}-1080w.webp`, `${name}.webp`]);
  });
});

describe('names that are not a copy', () => {
  it('answers 404, never 500, and makes nothing', async () => {
    const img = await oldUpload();
    const base = img.replace('.webp', '');
    const unreadable = await oldUpload(Buffer.from('RIFF....WEBP not really an image'));
    const names = [
      `${base}-641w.webp`,
      `${base}-0640w.webp`,
      `${base}-96x97.webp`,
      `${base}-97x97.webp`,
      `${base}-640w.png`,
      `${base}-640W.webp`,
      `${base}-640w-320w.webp`,
      `/uploads/posts/${randomUUID()}-640w.webp`,
      `/uploads/posts/..%2F..%2Fsecret-640w.webp`,
      `/uploads/..%2Fposts/${base.split('/').pop()}-640w.webp`,
      '/uploads/-640w.webp',
      widthCopy(unreadable, 320),
    ];
    const before = readdirSync(join(t.dataDir, 'uploads', 'posts')).length;
    for (const name of names) expectError(await t.client().get(name), 404, AUTH.notFound);
    expect(readdirSync(join(t.dataDir, 'uploads', 'posts')).length).toBe(before);
  });
});
