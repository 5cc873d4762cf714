/**
 * Removed means gone, in storage too (issue 30): a removed item's images answer 410 for the grace
 * period (REMOVED_IMAGES_GRACE_MINUTES), then the sweep deletes every file of them and they answer 404.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createDiskStorage } from '../../server/infra/storage.ts';
import { RemovedImages } from '../../server/modules/safety/removedImages.ts';
import { variantKey } from '../../src/domain/images.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type Account, setupTestApp, type TestApp } from '../support/testApp.ts';

const GRACE_MINUTES = 30;
const t = setupTestApp({
  MODERATORS: 'SweepModA, SweepModB',
  REMOVED_IMAGES_GRACE_MINUTES: String(GRACE_MINUTES),
});
let author: Account;
let reporter: Account;
let modA: Account;
let modB: Account;

beforeAll(async () => {
  author = await t.signUpAndVerify();
  reporter = await t.signUpAndVerify();
  modA = await t.signUpAndVerify(undefined, { username: 'SweepModA' });
  modB = await t.signUpAndVerify(undefined, { username: 'SweepModB' });
});

/** The app's sweep on the app's clock, storage and settings: the test runs it when it says so. */
const sweepOf = (app: TestApp) =>
  new RemovedImages({
    db: app.app.database.db,
    storage: createDiskStorage(join(app.dataDir, 'uploads')),
    now: app.clock.now,
    config: loadConfig({
      DATA_DIR: app.dataDir,
      SESSION_SECRET: 'x'.repeat(32),
      REMOVED_IMAGES_GRACE_MINUTES: String(GRACE_MINUTES),
    }),
  });

async function remove(kind: 'post' | 'user', id: string) {
  await reporter.client.post('reports', { kind, id, reason: 'spam' });
  expect((await modA.client.post('mod/propose', { kind, id, rule: 'spam' })).statusCode).toBe(201);
  expect((await modB.client.post('mod/confirm', { kind, id })).statusCode).toBe(200);
}

describe('the images of a removed post', () => {
  it('stay as 410 for the grace period, then leave the storage in every size and answer 404', async () => {
    const post = await t.createPost(author, { postImg: { data: await jpeg(1200, 600) } });
    const urls = [post.img ?? '', variantKey(post.img ?? '', { kind: 'width', size: 640 })];
    const files = urls.map((url) => join(t.dataDir, url));
    for (const file of files) expect(existsSync(file)).toBe(true);
    await remove('post', post.id);
    const sweep = sweepOf(t);

    t.clock.advance((GRACE_MINUTES - 1) * 60_000);
    await sweep.sweep();
    for (const url of urls) expect((await t.client().get(url)).statusCode).toBe(410);
    for (const file of files) expect(existsSync(file)).toBe(true);

    t.clock.advance(2 * 60_000);
    expect(await sweep.sweep()).toBeGreaterThan(0);
    for (const file of files) expect(existsSync(file)).toBe(false);
    for (const url of urls) expect((await t.client().get(url)).statusCode).toBe(404);
    expect(await sweep.sweep()).toBe(0);
  });

  it('go the same way when a room’s owner removed the post', async () => {
    const room = await t.createRoom(author);
    const post = await t.createPost(author, {
      topic: '',
      subCommunity: room.id,
      postImg: { data: await jpeg(400, 300) },
    });
    const file = join(t.dataDir, post.img ?? '');
    expect((await author.client.post('rooms/removeItem', { kind: 'post', id: post.id })).statusCode).toBe(
      200,
    );
    expect((await t.client().get(post.img ?? '')).statusCode).toBe(410);
    t.clock.advance((GRACE_MINUTES + 1) * 60_000);
    expect(await sweepOf(t).sweep()).toBeGreaterThan(0);
    expect(existsSync(file)).toBe(false);
    expect((await t.client().get(post.img ?? '')).statusCode).toBe(404);
  });

  it('leaves a post that was not removed alone', async () => {
    const kept = await t.createPost(author, { postImg: { data: await jpeg(400, 300) } });
    t.clock.advance(24 * 60 * 60_000);
    await sweepOf(t).sweep();
    expect((await t.client().get(kept.img ?? '')).statusCode).toBe(200);
  });
});
