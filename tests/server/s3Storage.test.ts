import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { createServer, type LookupFunction, type Server } from 'node:net';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Settings } from '../../server/infra/s3Storage.ts';
import type { Storage } from '../../server/infra/storage.ts';
import { POST_IMAGE_WIDTHS, variantKey } from '../../src/domain/images.ts';
import { AUTH } from '../../src/domain/messages.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type S3Fake, startS3Fake } from '../support/s3Fake.ts';
import { type S3Server, startS3Server } from '../support/s3Server.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type Account, createTestApp, expectError, type TestApp } from '../support/testApp.ts';

let fake: S3Fake;
const storages: Storage[] = [];
beforeAll(async () => {
  fake = await startS3Fake();
});
afterAll(async () => {
  for (const storage of storages) storage.close?.();
  await fake.close();
});

function settings(overrides: Partial<S3Settings> = {}): S3Settings {
  return {
    kind: 's3',
    bucket: fake.bucket,
    endpoint: fake.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    forcePathStyle: true,
    ...overrides,
  };
}

function open(overrides: Partial<S3Settings> = {}, agent?: Agent): Storage {
  const storage = createS3Storage(settings(overrides), agent);
  storages.push(storage);
  return storage;
}

/** Resolves every host name to 127.0.0.1, so `<bucket>.s3.quad.test` reaches the fake. */
const toLoopback: LookupFunction = (_host, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

describe.each([
  ['path-style', 'path' as const, () => open()],
  [
    'virtual-host style',
    'virtual-host' as const,
    () =>
      open(
        { endpoint: `http://s3.quad.test:${fake.port}`, forcePathStyle: false },
        new Agent({ lookup: toLoopback }),
      ),
  ],
])('S3 storage, %s', (_name, style, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('puts, gets and deletes a file under its key', async () => {
    const key = `posts/${style}-1.webp`;
    const mark = fake.requests.length;
    await storage.put(key, Buffer.from('webp bytes'));
    expect(fake.objects.get(key)).toMatchObject({
      body: Buffer.from('webp bytes'),
      contentType: 'image/webp',
    });

    const file = await storage.get(key);
    if (!file) throw new Error('stored file not found');
    expect(file).toMatchObject({ size: 10, contentType: 'image/webp' });
    expect(await text(file.stream)).toBe('webp bytes');

    await storage.delete(key);
    expect(fake.objects.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(fake.requests.slice(mark).map((r) => [r.method, r.style])).toEqual([
      ['PUT', style],
      ['GET', style],
      ['DELETE', style],
      ['GET', style],
    ]);
  });

  it('answers null for a missing key (S3 NoSuchKey) and deletes a missing key quietly', async () => {
    expect(await storage.get(`posts/${style}-never.webp`)).toBeNull();
    await expect(storage.delete(`posts/${style}-never.webp`)).resolves.toBeUndefined();
  });
});

describe('S3 storage refusals', () => {
  it('answers null for malformed keys without asking the bucket', async () => {
    const storage = open();
    const mark = fake.requests.length;
    for (const key of ['../secret.key', 'posts/x.exe', 'posts//x.webp', 'Posts/X.webp', '']) {
      expect(await storage.get(key)).toBeNull();
    }
    await expect(storage.put('../up.webp', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    expect(fake.requests.length).toBe(mark);
  });

  it('fails loudly with wrong credentials or an unknown bucket, rather than losing a file', async () => {
    const wrongKey = open({ credentials: { accessKeyId: 'AKIAWRONG', secretAccessKey: 'x' } });
    await expect(wrongKey.put('posts/a.webp', Buffer.from('x'))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    const wrongBucket = open({ bucket: 'another-bucket' });
    await expect(wrongBucket.put('posts/a.webp', Buffer.from('x'))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    await expect(wrongBucket.get('posts/a.webp')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});

describe('uploads through the app with S3_BUCKET set', () => {
  let t: TestApp;
  let author: Account;
  beforeAll(async () => {
    t = await createTestApp(fake.env());
    author = await t.signUpAndVerify();
  });
  afterAll(() => t?.close());

  it('stores a post image in the bucket and serves it at /uploads/<key> with the usual headers', async () => {
    const post = await t.createPost(author, { postImg: { data: await jpeg(120, 80) } });
    const key = post.img?.replace('/uploads/', '') ?? '';
    expect(key).toMatch(/^posts\/[0-9a-f-]{36}\.webp$/);
    expect(fake.objects.get(key)?.contentType).toBe('image/webp');
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false);

    const res = await t.client().get(post.img ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(fake.objects.get(key)?.body.length),
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
    });
    expect(res.rawPayload).toEqual(fake.objects.get(key)?.body);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 120 });
  });

  it('stores the copies of a post image in the bucket, and makes a missing one from the original there', async () => {
    const post = await t.createPost(author, { postImg: { data: await jpeg(1200, 600) } });
    const key = post.img?.replace('/uploads/', '') ?? '';
    const copy640 = variantKey(key, { kind: 'width', size: 640 });
    expect(fake.objects.get(copy640)?.contentType).toBe('image/webp');
    expect(await sharp(fake.objects.get(copy640)?.body).metadata()).toMatchObject({
      width: 640,
      height: 320,
    });

    // An upload older than the copies: only the original is in the bucket.
    fake.objects.delete(copy640);
    const res = await t.client().get(`/uploads/${copy640}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640 });
    expect(fake.objects.get(copy640)?.body).toEqual(res.rawPayload);
  });

  it('removes the image from the bucket with its post and its copies; the URL then answers 404', async () => {
    const post = await t.createPost(author, { postImg: { data: await jpeg() } });
    const key = post.img?.replace('/uploads/', '') ?? '';
    const copies = POST_IMAGE_WIDTHS.map((size) => variantKey(key, { kind: 'width', size }));
    expect([key, ...copies].every((name) => fake.objects.has(name))).toBe(true);
    const res = await author.client.del('posts/delete', { id: post.id });
    expect(res.statusCode, res.body).toBe(200);
    expect([key, ...copies].filter((name) => fake.objects.has(name))).toEqual([]);
    expectError(await t.client().get(post.img ?? ''), 404, AUTH.notFound);
  });

  it('answers 404 for a key the bucket never held', async () => {
    expectError(
      await t.client().get('/uploads/posts/0b7c1e52-0000-4000-8000-000000000000.webp'),
      404,
      AUTH.notFound,
    );
  });
});

describe('the bucket check (HeadBucket), against a real S3 server', () => {
  let s3: S3Server;
  /** Accepts connections and never answers. */
  let silent: Server;
  const real = (overrides: Partial<S3Settings> = {}) =>
    open({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      credentials: s3.credentials,
      ...overrides,
    });
  beforeAll(async () => {
    s3 = await startS3Server();
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await s3?.stop();
    silent?.close();
  });

  it('passes when the bucket exists and the keys open it', async () => {
    await expect(real().check?.()).resolves.toBeUndefined();
  });

  it('names the problem: a missing bucket, refused keys, an endpoint that is down or silent', async () => {
    await expect(real({ bucket: 'missing-bucket' }).check?.()).rejects.toThrow(
      'the bucket "missing-bucket" does not exist',
    );
    await expect(
      real({ credentials: { accessKeyId: 'AKIAWRONG', secretAccessKey: 'x' } }).check?.(),
    ).rejects.toThrow(`access to the bucket "${s3.bucket}" is denied`);
    await expect(real({ endpoint: 'http://127.0.0.1:1' }).check?.()).rejects.toThrow(
      `the bucket "${s3.bucket}" cannot be reached (ECONNREFUSED)`,
    );
    const { port } = silent.address() as { port: number };
    await expect(real({ endpoint: `http://127.0.0.1:${port}` }).check?.()).rejects.toThrow(
      `the bucket "${s3.bucket}" did not answer within 3 s`,
    );
  });

  describe('readiness of an app on the bucket', () => {
    let ready: TestApp;
    let missing: TestApp;
    beforeAll(async () => {
      [ready, missing] = await Promise.all([
        createTestApp(s3.env()),
        createTestApp({ ...s3.env(), S3_BUCKET: 'missing-bucket' }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([ready?.close(), missing?.close()]);
    });

    it('is ready when the bucket answers', async () => {
      const res = await ready.client().get('health/ready');
      expect(res.statusCode, res.body).toBe(200);
    });

    it('answers 503 naming the bucket problem when it does not', async () => {
      const res = await missing.client().get('health/ready');
      expectError(res, 503, 'The uploads storage is not usable: the bucket "missing-bucket" does not exist');
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    });
  });

  describe('the real server on the bucket', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer(s3.env());
    });
    afterAll(() => server?.stop());

    it('names the bucket and its endpoint at start-up, and does not warn', () => {
      expect(server.output()).toContain(`  uploads: S3 bucket ${s3.bucket} at ${s3.endpoint}\n`);
      expect(server.output()).not.toContain('warning: uploads are kept on this machine');
    });
  });
});
