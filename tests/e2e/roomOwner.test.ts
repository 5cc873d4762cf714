/**
 * A room's owner moderates their room in Debian's Chromium against the real server (docs/moderation.md
 * "Room owners"): A creates a public room; B joins it on a 375 px phone and posts; A removes B's post
 * from its ⋯ menu; B reads the removal in the room log; A removes B from the room's members.
 *
 * Then a private room's comment goes to the moderators (docs/moderation.md "Private rooms"): B, a
 * member, reports A's comment there; M, a moderator who has not joined, opens it from the queue and
 * reads it alone under the review note, and still cannot open its post.
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
  signUpNamed,
  toast,
} from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';

const password = 'Owner#pass12';
const roomName = `debate${randomBytes(3).toString('hex')}`;
const memberPost = 'Buy cheap essays here';
const moderatorName = `revmod_${randomBytes(3).toString('hex')}`;
const privateRoomName = `closed${randomBytes(3).toString('hex')}`;
const reportedComment = 'Nobody here wants you around, just leave';

let smtp: SmtpCapture;
let server: RunningServer;
let a: Person;
let b: Person;
let m: Person;
let roomPath = '';
let privatePostPath = '';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Quad <no-reply@quad.test>',
    MODERATORS: moderatorName,
  });
  a = await person('roomowner@ietlucknow.ac.in');
  b = await person('roommember@ietlucknow.ac.in', { width: 375, height: 812 });
  m = await person('roommoderator@ietlucknow.ac.in');
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('roomOwner', context.task.name, { a, b, m }, server);
});

afterAll(async () => {
  await a?.browser.close();
  await b?.browser.close();
  await m?.browser.close();
  await server?.stop();
  await smtp?.close();
});

const signUp = (who: Person) => signUpAs(who, server, smtp, password);

/** A call to the API as `who`, with their session cookie and XSRF echo: what a journey only sets up. */
async function api(
  who: Person,
  method: 'GET' | 'POST',
  path: string,
  body: { data?: object; multipart?: object } = {},
) {
  const cookies = await who.browser.context.cookies(server.url);
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await who.page.request.fetch(`${server.url}/api/${path}`, {
    method,
    headers: { 'x-xsrf-token': xsrf },
    ...(body.data ? { data: body.data } : {}),
    ...(body.multipart ? { multipart: body.multipart as never } : {}),
  });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}
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

describe('a moderator reviewing a reported comment of a private room', () => {
  it('A opens a private room with B in it and comments on a post there; B reports the comment', async () => {
    const room = await api(a, 'POST', 'rooms/create', {
      multipart: { title: privateRoomName, desc: 'Members only', privacy: 'true' },
    });
    const { user } = await api(b, 'GET', `u/${encodeURIComponent(b.email)}`);
    await api(b, 'POST', `rooms/addUserinRoom/${b.username}`, { data: { title: privateRoomName } });
    await api(a, 'POST', 'rooms/acceptJoiningRequest', {
      data: { title: privateRoomName, fromUser: user.userID },
    });
    const { post } = await api(a, 'POST', 'posts/postWithImg', {
      multipart: { title: 'House rules', topic: '', body: 'Be kind.', subCommunity: room.newRoom.id },
    });
    await api(a, 'POST', 'posts/createcomment', {
      data: { postId: post.id, commentId: null, content: reportedComment },
    });
    privatePostPath = `/post/${room.newRoom.id}/${post.id}`;

    const { page } = b;
    await page.goto(`${server.url}${privatePostPath}`);
    const comment = page.getByRole('article', { name: `Comment by u/${a.username}` });
    await comment.getByText(reportedComment).waitFor();
    await comment.getByRole('button', { name: 'Comment menu' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report comment' });
    await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(page, 'Thanks, your report was sent').waitFor();
  });

  it('M opens it from the queue and reads it alone, read-only, under the note; its post stays closed', async () => {
    await signUpNamed(m, server, smtp, password, moderatorName);
    const { page } = m;
    await page.goto(`${server.url}/mod`);
    await page.getByRole('link', { name: reportedComment }).click();
    await page.waitForURL(/\/comment\/[^/]+$/);
    await page
      .getByRole('complementary', { name: 'You are reviewing a reported item of a private room' })
      .waitFor();
    const comment = page.getByRole('article', { name: `Comment by u/${a.username}` });
    await comment.getByText(reportedComment).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.title()).toBe(`Comment by u/${a.username} · Quad`);
    // Read-only: no votes, Reply or menu, and no way into the thread.
    expect(await comment.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Read the whole thread' }).count()).toBe(0);

    await page.goto(`${server.url}${privatePostPath}`);
    await page.getByText('Forbidden!').waitFor();
    expect(await page.getByText(reportedComment).count()).toBe(0);
  });
});
