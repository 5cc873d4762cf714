/**
 * A room's owner moderates their room in Debian's Chromium against the real server (docs/moderation.md
 * "Room owners"): A creates a public room; B joins it on a 375 px phone and posts; A removes B's post
 * from its ⋯ menu; B reads the removal in the room log; A removes B from the room's members.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicRoom,
  keepEvidence,
  type Person,
  person,
  signUp as signUpAs,
  toast,
} from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';

const password = 'Owner#pass12';
const roomName = `debate${randomBytes(3).toString('hex')}`;
const memberPost = 'Buy cheap essays here';

let smtp: SmtpCapture;
let server: RunningServer;
let a: Person;
let b: Person;
let roomPath = '';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Quad <no-reply@quad.test>' });
  a = await person('roomowner@ietlucknow.ac.in');
  b = await person('roommember@ietlucknow.ac.in', { width: 375, height: 812 });
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('roomOwner', context.task.name, { a, b }, server);
});

afterAll(async () => {
  await a?.browser.close();
  await b?.browser.close();
  await server?.stop();
  await smtp?.close();
});

const signUp = (who: Person) => signUpAs(who, server, smtp, password);
const roomMenu = async (page: Page, item: string) => {
  await page.getByRole('button', { name: 'Room menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

describe('a room owner moderating their room', () => {
  it('A creates a public room; B joins it on a phone and posts', async () => {
    await signUp(a);
    await createPublicRoom(a.page, roomName);
    await a.page.waitForURL(new RegExp(`/room/[^/]+/${roomName}$`));
    roomPath = new URL(a.page.url()).pathname;

    await signUp(b);
    const { page } = b;
    await page.goto(`${server.url}${roomPath}`);
    await page.getByRole('button', { name: 'Join' }).click();
    await toast(page, 'You joined the room').waitFor();
    await page.getByRole('link', { name: 'Post', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Create' });
    await modal.getByLabel(/^Title/).fill(memberPost);
    await modal.getByLabel('Description').fill('Message me for prices.');
    await modal.getByRole('button', { name: 'Post', exact: true }).click();
    await toast(page, 'Successfully Posted!').waitFor();
    await page.getByRole('article', { name: memberPost }).waitFor({ timeout: 10_000 });
  });

  it('A removes B’s post from its ⋯ menu after confirming, and it leaves the room', async () => {
    const { page } = a;
    await page.goto(`${server.url}${roomPath}`);
    const card = page.getByRole('article', { name: memberPost });
    await card.waitFor({ timeout: 10_000 });
    await card.getByRole('button', { name: 'Post menu' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this post from the room?' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Removed from the room').waitFor();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: `q/${roomName}`, level: 1 }).waitFor();
    // gone for everyone: the room's feed, loaded again, is empty
    await page.getByText("It looks like there aren't any posts yet.").waitFor({ timeout: 10_000 });
    expect(await page.getByRole('article', { name: memberPost }).count()).toBe(0);
  });

  it('B reads the removal in the room log', async () => {
    const { page } = b;
    await page.goto(`${server.url}${roomPath}`);
    await page.getByRole('heading', { name: `q/${roomName}`, level: 1 }).waitFor();
    await roomMenu(page, 'Room log');
    const dialog = page.getByRole('dialog', { name: 'Room log' });
    const entry = dialog.getByRole('listitem').filter({ hasText: 'A post was removed' });
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/ago|now/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('article', { name: memberPost }).count()).toBe(0);
  });

  it('A removes B from the members, and B is an outsider again', async () => {
    const { page } = a;
    await roomMenu(page, 'Members');
    const dialog = page.getByRole('dialog', { name: 'Members' });
    await dialog.getByRole('button', { name: `Remove u/${b.username}` }).click();
    await page
      .getByRole('dialog', { name: `Remove u/${b.username} from the room?` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await toast(page, 'Member removed').waitFor();
    await dialog.getByRole('link', { name: `u/${b.username}` }).waitFor({ state: 'detached' });
    // the owner stays, without a Remove of their own
    await dialog.getByRole('link', { name: `u/${a.username}` }).waitFor();
    expect(await dialog.getByRole('button', { name: `Remove u/${a.username}` }).count()).toBe(0);

    await b.page.goto(`${server.url}${roomPath}`);
    await b.page.getByRole('button', { name: 'Join' }).waitFor();
  });
});
