/**
 * People of the browser journeys: one Chromium each, signing up through the real screens with the OTP
 * read from the SMTP capture, and the screenshots and server log kept when a step fails.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type Browser, launchBrowser } from './browser.ts';
import type { RunningServer } from './serverProcess.ts';
import type { SmtpCapture } from './smtpCapture.ts';

export interface Person {
  browser: Browser;
  page: Page;
  email: string;
  username: string;
}

export async function person(email: string, viewport?: { width: number; height: number }): Promise<Person> {
  const browser = await launchBrowser(viewport);
  const page = await browser.context.newPage();
  return { browser, page, email, username: '' };
}

/** The toast with this text. */
export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** The side navigation, opened first where it waits behind the menu button (narrow windows). */
export async function sideNav(page: Page) {
  await page.getByRole('link', { name: 'Quad home' }).waitFor();
  const open = page.getByRole('button', { name: 'Open navigation' });
  if (await open.isVisible()) await open.click();
  return page.getByRole('navigation', { name: 'Primary' });
}

/** Closes the side navigation where it is a drawer; on wide windows it stays as it is. */
export async function leaveSideNav(page: Page) {
  await page.getByRole('link', { name: 'Quad home' }).waitFor();
  const close = page.getByRole('button', { name: 'Close navigation' });
  if (await close.isVisible()) await close.click();
}

/** Creates a public room from the side navigation's Create Room and waits for its success toast. */
export async function createPublicRoom(page: Page, name: string) {
  await (await sideNav(page)).getByRole('button', { name: 'Create Room' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a Room' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByText('Room name is available').waitFor();
  await dialog.getByRole('button', { name: 'Save & Next' }).click();
  await dialog.getByText('Open For All').click();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await toast(page, 'Room Created Successufully').waitFor();
}

export async function dismissWelcome(page: Page) {
  const overlay = page.getByRole('dialog', { name: /welcome/i });
  await overlay.waitFor();
  await overlay.getByRole('button', { name: /close/i }).click();
  await overlay.waitFor({ state: 'detached' });
}

/** Signs up with the first suggested username and verifies the OTP: ends signed in on /. */
export async function signUp(who: Person, server: RunningServer, smtp: SmtpCapture, password: string) {
  const { page } = who;
  await page.goto(`${server.url}/signup`);
  await dismissWelcome(page);
  const chip = page.getByRole('list', { name: 'Suggested usernames' }).getByRole('button').first();
  who.username = (await chip.textContent())?.trim() ?? '';
  await chip.click();
  await page.getByLabel('College e-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await toast(page, 'Your OTP is on its way !').waitFor();
  await page.getByLabel('OTP').fill(await smtp.latestOtp(who.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`${server.url}/`);
  await dismissWelcome(page);
}

/**
 * Signs up under a chosen username (the sign-up screen only takes suggestions): through the API in
 * the person's browser, so its session cookie lands there; ends signed in on /. For people a test
 * names in advance, as moderators in MODERATORS.
 */
export async function signUpNamed(
  who: Person,
  server: RunningServer,
  smtp: SmtpCapture,
  password: string,
  username: string,
) {
  const { page } = who;
  await page.goto(`${server.url}/signin`);
  await dismissWelcome(page);
  const post = async (path: string, data: object) => {
    const cookies = await who.browser.context.cookies(server.url);
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const res = await page.request.post(`${server.url}/api/${path}`, {
      headers: { 'x-xsrf-token': xsrf },
      data,
    });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  const { userID } = await post('auth/signup', { username, email: who.email, password });
  await post('auth/varifyotp', { userID, email: who.email, otp: await smtp.latestOtp(who.email) });
  who.username = username;
  await page.goto(`${server.url}/`);
  await page.getByRole('link', { name: 'Quad home' }).waitFor();
}

/** After a failed step: a full-page screenshot of each person and the end of the server's log. */
export async function keepEvidence(
  journey: string,
  step: string,
  people: Record<string, Person | undefined>,
  server: RunningServer | undefined,
) {
  for (const [who, p] of Object.entries(people)) {
    const shot = join(tmpdir(), `quad-e2e-${journey}-${who}-${step.replace(/\W+/g, '-')}.png`);
    await p?.page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    console.error(`screenshot of the failure (${who}): ${shot}`);
  }
  console.error(server?.output().slice(-4000));
}
