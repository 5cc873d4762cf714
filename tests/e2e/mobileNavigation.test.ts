/**
 * Reaching every part of Quad from the navigation, in Debian's Chromium against the real server: in a
 * phone window (the e2e-narrow project) through the drawer, by pointer and by keyboard; in a desktop
 * window through the side nav and the right column, where there is no drawer. A visitor reaches a
 * topic page; A reaches the room A created, and B the same room among the public rooms.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicRoom,
  dismissWelcome,
  keepEvidence,
  type Person,
  person,
  sideNav,
  signUp,
} from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';

const password = 'Drawer#pass12';
const roomName = `quiz${randomBytes(3).toString('hex')}`;

let smtp: SmtpCapture;
let server: RunningServer;
let visitor: Person;
let a: Person;
let b: Person;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Quad <no-reply@quad.test>' });
  visitor = await person('visitor@ietlucknow.ac.in');
  a = await person('drawer.a@ietlucknow.ac.in');
  b = await person('drawer.b@ietlucknow.ac.in');
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('navigation', context.task.name, { visitor, a, b }, server);
});

afterAll(async () => {
  await visitor?.browser.close();
  await a?.browser.close();
  await b?.browser.close();
  await server?.stop();
  await smtp?.close();
});

const drawerToggle = (page: Page) => page.getByRole('button', { name: /^(Open|Close) navigation$/ });
const isPhone = (page: Page) => drawerToggle(page).isVisible();

/** After a pick in the drawer: it has closed and focus is back on its toggle (no drawer: nothing to check). */
async function expectDrawerClosed(page: Page) {
  if (!(await isPhone(page))) return;
  const toggle = drawerToggle(page);
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
  // The drawer slides out: wait for it to be gone rather than read it mid-way.
  await page.getByRole('navigation', { name: 'Primary' }).waitFor({ state: 'hidden', timeout: 5_000 });
}

describe('reaching topics and rooms from the navigation', () => {
  it('a visitor reaches a topic page (from the drawer on a phone, from HOT-TOPICS on a desktop)', async () => {
    const { page } = visitor;
    await page.goto(`${server.url}/`);
    await dismissWelcome(page);
    const nav = await sideNav(page);
    // On a desktop the topics are in the right column; on a phone in the drawer.
    const topics = (await isPhone(page)) ? nav : page;
    await topics.getByRole('link', { name: 'q/dsa', exact: true }).first().click();
    await page.waitForURL(`${server.url}/q/dsa`);
    await expectDrawerClosed(page);
  });

  it('the drawer works by keyboard: opens onto its first link, closes on Escape back to its toggle', async () => {
    const { page } = visitor;
    if (!(await isPhone(page))) {
      // Wide: no drawer, the side nav is always there.
      expect(await page.getByRole('navigation', { name: 'Primary' }).isVisible()).toBe(true);
      return;
    }
    const toggle = drawerToggle(page);
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Primary' });
    expect(
      await nav.getByRole('link', { name: 'Home' }).evaluate((link) => link === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Tab');
    expect(
      await nav.getByRole('link', { name: 'Popular' }).evaluate((link) => link === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expectDrawerClosed(page);
    // Open again and follow Sign up with Enter: the drawer leaves with the page.
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Sign up' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/signup`);
    await expectDrawerClosed(page);
  });

  it('A creates a public room, then reaches it from the navigation', async () => {
    await signUp(a, server, smtp, password);
    const { page } = a;
    await createPublicRoom(page, roomName);
    await page.waitForURL(new RegExp(`/room/[^/]+/${roomName}$`));
    const roomPath = new URL(page.url()).pathname;

    await page.goto(`${server.url}/popular`);
    await (await sideNav(page)).getByRole('link', { name: `q/${roomName}` }).click();
    await page.waitForURL(`${server.url}${roomPath}`);
    await page.getByRole('heading', { level: 1, name: `q/${roomName}` }).waitFor();
    await expectDrawerClosed(page);
  });

  it('B finds the room among the public rooms and reaches it', async () => {
    await signUp(b, server, smtp, password);
    const { page } = b;
    const nav = await sideNav(page);
    const publicRooms = nav.getByRole('button', { name: 'Public Rooms' });
    const list = page.locator(`[id="${await publicRooms.getAttribute('aria-controls')}"]`);
    await list.getByRole('link', { name: `q/${roomName}` }).click();
    await page.waitForURL(new RegExp(`/room/[^/]+/${roomName}$`));
    await page.getByRole('heading', { level: 1, name: `q/${roomName}` }).waitFor();
    await expectDrawerClosed(page);
  });
});
