import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/domain/constants.ts';
import { AUTH, POSTS } from '../../src/domain/messages.ts';
import { jpeg, jpegWithExif, png, pngBomb } from '../support/fixtures/images.ts';
import { type Account, expectError, type FormFile, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();
let author: Account;
beforeAll(async () => {
  author = await t.signUpAndVerify();
});

const form = (postImg: FormFile | undefined, extra: Record<string, string | FormFile> = {}) => ({
  title: 'A picture',
  topic: 'lifestyle',
  body: 'Look at this.',
  postImg,
  ...extra,
});
const upload = (postImg: FormFile | undefined, extra: Record<string, string | FormFile> = {}) =>
  author.client.postForm('posts/postWithImg', form(postImg, extra));

async function storedImage(img: string | null) {
  expect(img).toMatch(/^\/uploads\/posts\/[0-9a-f-]{36}\.webp$/);
  const res = await t.client().get(img ?? '');
  expect(res.statusCode).toBe(200);
  return { res, meta: await sharp(res.rawPayload).metadata() };
}

describe('images of posts', () => {
  it('stores a photo as WebP, turned upright, with no EXIF or GPS left', async () => {
    const original = await jpegWithExif(300, 100);
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('Secret Person');
    const res = await upload({ data: original, filename: 'IMG_0001.jpg' });
    expect(res.statusCode, res.body).toBe(201);
    const { res: file, meta } = await storedImage(res.json().post.img);
    expect(meta).toMatchObject({ format: 'webp', width: 100, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(file.rawPayload.toString('latin1')).not.toMatch(/Secret Person|PhoneCo/);
  });

  it('serves stored images to be asked for again at each use (no shared cache keeps them), with their type and nosniff', async () => {
    const { json } = await upload({ data: await png() });
    const { res } = await storedImage(json().post.img);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('shrinks a huge image to fit the longest side, and never enlarges a small one', async () => {
    const big = await upload({ data: await jpeg(5000, 1000) });
    expect((await storedImage(big.json().post.img)).meta).toMatchObject({
      width: LIMITS.imageSideMax,
      height: Math.round((1000 * LIMITS.imageSideMax) / 5000),
    });
    const small = await upload({ data: await jpeg(40, 30) });
    expect((await storedImage(small.json().post.img)).meta).toMatchObject({ width: 40, height: 30 });
  });

  it('judges the content, not the name or the type the client claims', async () => {
    const res = await upload({ data: await png(), filename: 'notes.txt', contentType: 'text/plain' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await storedImage(res.json().post.img)).meta.format).toBe('webp');
  });

  it('refuses a text file named .png with 400', async () => {
    const res = await upload({
      data: Buffer.from('just some text\n'),
      filename: 'cat.png',
      contentType: 'image/png',
    });
    expectError(res, 400, POSTS.imageUnreadable);
  });

  it('refuses a non-image file with 400', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    expectError(
      await upload({ data: pdf, filename: 'a.pdf', contentType: 'application/pdf' }),
      400,
      POSTS.imageUnreadable,
    );
  });

  it('refuses an SVG: only raster images are posted', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expectError(
      await upload({ data: svg, filename: 'a.svg', contentType: 'image/svg+xml' }),
      400,
      POSTS.imageOnly,
    );
  });

  it('refuses an 11 MB upload with 413', async () => {
    const huge = Buffer.concat([await jpeg(), Buffer.alloc(11 * 1024 * 1024, 7)]);
    expectError(await upload({ data: huge }), 413, POSTS.imageTooLarge);
  });

  it('refuses a decompression bomb by its header, before decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    expectError(await upload({ data: bomb, filename: 'bomb.png' }), 413, POSTS.imageTooLarge);
  });

  it('takes one file, in the postImg field only', async () => {
    const image = { data: await jpeg() };
    expectError(await upload(undefined, { avatar: image }), 400, POSTS.imageOnly);
    expectError(await upload(image, { postImg2: image }), 400, POSTS.imageOnly);
  });

  it('stores nothing when the post is refused', async () => {
    const stored = () => {
      const dir = join(t.dataDir, 'uploads', 'posts');
      return existsSync(dir) ? readdirSync(dir).length : 0;
    };
    const before = stored();
    const res = await author.client.postForm('posts/postWithImg', {
      ...form({ data: await jpeg() }),
      title: '',
    });
    expect(res.statusCode).toBe(400);
    expectError(
      await t.client().postForm('posts/postWithImg', form({ data: await jpeg() })),
      401,
      AUTH.notSignedIn,
    );
    expect(stored()).toBe(before);
  });

  it('removes the file when its post is deleted', async () => {
    const { img, id } = (await upload({ data: await jpeg() })).json().post;
    const path = join(t.dataDir, img);
    expect(existsSync(path)).toBe(true);
    expect((await author.client.del('posts/delete', { id })).statusCode).toBe(200);
    expect(existsSync(path)).toBe(false);
  });

  it('answers 404 to unknown uploads and to paths that try to leave the folder', async () => {
    expectError(await t.client().get(`/uploads/posts/${crypto.randomUUID()}.webp`), 404, AUTH.notFound);
    expectError(await t.client().get('/uploads/..%2Fsecret.key'), 404, AUTH.notFound);
    expectError(await t.client().get('/uploads/posts/..%2F..%2Fsecret.key'), 404, AUTH.notFound);
  });
});
