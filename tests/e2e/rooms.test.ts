/**
 * Rooms in Debian's Chromium against the real server: A creates a private room and posts in it; B is
 * refused its content, sends a request and withdraws it, sends it again; A declines it from the
 * notifications panel, B is told and may ask again; A accepts the next request; B then sees the room,
 * votes and posts in it. A renames the room, B leaves it; A invites B back and B accepts the
 * invitation from the notification; A deletes the room.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  keepEvidence,
  leaveSideNav,
  type Person,
  person,
  sideNav,
  signUp as signUpAs,
  toast,
} from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';

const password = 'Rooms#pass12';
const roomName = `chess${randomBytes(3).toString('hex')}`;
const newName = `${roomName}club`;
const ownerPost = 'Tournament on Friday';
const memberPost = 'Count me in for the blitz round';

let smtp: SmtpCapture;
let server: RunningServer;
let a: Person;
let b: Person;
let roomPath = '';
let ownerPostPath = '';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Quad <no-reply@quad.test>' });
  a = await person('owner@ietlucknow.ac.in');
  b = await person('guest@ietlucknow.ac.in', { width: 390, height: 844 });
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('rooms', context.task.name, { a, b }, server);
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

describe('a private room in the browser', () => {
  it('A creates a private room from the side navigation', async () => {
    await signUp(a);
    const { page } = a;
    await (await sideNav(page)).getByRole('button', { name: 'Create Room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Room' });
    const saveAndNext = dialog.getByRole('button', { name: 'Save & Next' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('ab');
    await dialog.getByText('*Required length is 3').waitFor();
    expect(await saveAndNext.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(roomName);
    await dialog.getByText('Room name is available').waitFor();
    await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('Weekly games and puzzles');
    await saveAndNext.click();
    await dialog.getByText('Only You can add people').click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Room Created Successufully').waitFor();
    await page.waitForURL(new RegExp(`/room/[^/]+/${roomName}$`));
    roomPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: `q/${roomName}` }).waitFor();
    const myRooms = await sideNav(page);
    await myRooms.getByRole('link', { name: `q/${roomName}` }).waitFor();
    await leaveSideNav(page);
  });

  it('A posts in the room and comes back to it', async () => {
    const { page } = a;
    await page.getByRole('link', { name: 'Post', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Create' });
    await modal.getByText(`q/${roomName}`).first().waitFor();
    expect(await modal.getByLabel('Topic').count()).toBe(0);
    await modal.getByLabel(/^Title/).fill(ownerPost);
    await modal.getByLabel('Description').fill('Rapid format, bring your own clock.');
    await modal.getByRole('button', { name: 'Post', exact: true }).click();
    await toast(page, 'Successfully Posted!').waitFor();
    await page.waitForURL(`${server.url}${roomPath}`);
    const card = page.getByRole('article', { name: ownerPost });
    await card.waitFor({ timeout: 10_000 });
    await card.getByRole('link', { name: ownerPost }).click();
    await page.waitForURL(/\/post\/[^/]+\/[^/]+$/);
    ownerPostPath = new URL(page.url()).pathname;
  });

  it('B is refused the room and its post, and sends a request', async () => {
    await signUp(b);
    const { page } = b;
    await page.goto(`${server.url}${ownerPostPath}`);
    await page.getByText('Forbidden!').waitFor();
    await page.goto(`${server.url}${roomPath}`);
    await page.getByText('Forbidden!').waitFor();
    await page.getByText('Code 403').waitFor();
    expect(await page.getByRole('article', { name: ownerPost }).count()).toBe(0);
    await page.getByRole('button', { name: 'Send Request' }).click();
    await toast(page, 'Successfully Send Request').waitFor();
    await page.getByText('Request sent', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Send Request' }).count()).toBe(0);
  });

  it('B withdraws the request with Cancel, and sends it again', async () => {
    const { page } = b;
    await page.getByRole('button', { name: `Cancel your request to join q/${roomName}` }).click();
    await toast(page, 'Request withdrawn').waitFor();
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Request sent', { exact: true }).waitFor();
    // the page says the same after a reload: the server holds the request
    await page.reload();
    await page.getByText('Request sent', { exact: true }).waitFor();
  });

  it('A declines the request from the notifications panel', async () => {
    const { page } = a;
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Refresh notifications' }).click();
    const decline = panel.getByRole('button', {
      name: `Decline u/${b.username}'s request to join q/${roomName}`,
    });
    await decline.waitFor();
    await decline.click();
    await toast(page, 'Request declined').waitFor();
    await decline.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
  });

  it('B is told of the decline, opens the room from the notice and may ask again', async () => {
    const { page } = b;
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Refresh notifications' }).click();
    const notice = panel.getByRole('button', { name: /Your request to join was declined/ });
    await notice.waitFor();
    await notice.click();
    await page.waitForURL(new RegExp(`/room/[^/]+/${roomName}$`));
    await page.getByText('Forbidden!').waitFor();
    await page.getByRole('button', { name: 'Send Request' }).click();
    await toast(page, 'Successfully Send Request').waitFor();
    await page.getByText('Request sent', { exact: true }).waitFor();
  });

  it('A accepts the request from the notifications panel', async () => {
    const { page } = a;
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Refresh notifications' }).click();
    const accept = panel.getByRole('button', { name: `Accept u/${b.username} into q/${roomName}` });
    await accept.waitFor();
    await accept.click();
    await toast(page, 'Request accepted').waitFor();
    await page.keyboard.press('Escape');
  });

  it('B now sees the room, votes on the post and posts in it', async () => {
    const { page } = b;
    await page.goto(`${server.url}${roomPath}`);
    const card = page.getByRole('article', { name: ownerPost });
    await card.waitFor({ timeout: 10_000 });
    await card.getByRole('button', { name: /upvote/i }).click();
    await expect
      .poll(() => card.getByRole('button', { name: /upvote/i }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByRole('link', { name: 'Post', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Create' });
    await modal.getByLabel(/^Title/).fill(memberPost);
    await modal.getByLabel('Description').fill('Blitz is my favourite.');
    await modal.getByRole('button', { name: 'Post', exact: true }).click();
    await toast(page, 'Successfully Posted!').waitFor();
    await page.waitForURL(`${server.url}${roomPath}`);
    await page.getByRole('article', { name: memberPost }).waitFor({ timeout: 10_000 });
  });

  it('A renames the room and lands on its new address', async () => {
    const { page } = a;
    await page.goto(`${server.url}${roomPath}`);
    await roomMenu(page, 'Title');
    const dialog = page.getByRole('dialog', { name: 'Rename the Room' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(newName);
    await dialog.getByText('Room name is available').waitFor();
    await dialog.getByRole('button', { name: /save|rename/i }).click();
    await page.waitForURL(new RegExp(`/room/[^/]+/${newName}$`));
    roomPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: `q/${newName}` }).waitFor();
  });

  it('B leaves the room after confirming', async () => {
    const { page } = b;
    await page.goto(`${server.url}${roomPath}`);
    await roomMenu(page, 'Leave');
    await page.getByText('Are you certain you want to leave this room?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'You left the room').waitFor();
    await page.getByRole('button', { name: 'Send Request' }).waitFor();
  });

  it('A invites B back, and B accepts the invitation from the notification', async () => {
    await a.page.goto(`${server.url}${roomPath}`);
    await a.page.getByRole('button', { name: 'Add member' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByLabel('Search people by username').fill(b.username.slice(0, 4));
    await dialog.getByRole('button', { name: `u/${b.username}` }).click();
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await toast(a.page, 'Successfully Send Request').waitFor();

    const { page } = b;
    await page.goto(`${server.url}${roomPath}`);
    await page.getByRole('button', { name: 'Accept invitation' }).waitFor();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Refresh notifications' }).click();
    const accept = panel.getByRole('button', { name: `Accept the invitation to q/${newName}` });
    await accept.waitFor();
    await accept.click();
    await toast(page, 'You joined the room').waitFor();
    await page.getByRole('heading', { name: `q/${newName}` }).waitFor();
    await page.getByRole('article', { name: memberPost }).waitFor({ timeout: 10_000 });
  });

  it('A deletes the room after confirming, and it is gone', async () => {
    const { page } = a;
    await page.goto(`${server.url}${roomPath}`);
    await roomMenu(page, 'Delete');
    await page.getByText("Are you certain you want to delete this Room? This can't be undone.").waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Room Deleted').waitFor();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}${roomPath}`);
    await page.getByText('Page Not Found').waitFor();
  });
});
