/**
 * The newcomer's journey in Debian's Chromium against the real server and a real SMTP capture:
 * sign up, read the OTP mail, land on / with the welcome overlay, sign out, sign in by username and by
 * e-mail, restore the session on reload, reset the password, change it in Settings (with the
 * current one).
 */

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';

const email = 'newcomer@ietlucknow.ac.in';
const firstPassword = 'First#pass1';
const newPassword = 'Second#pass2';
const settingsPassword = 'Third#pass3';

let smtp: SmtpCapture;
let server: RunningServer;
let browser: Browser;
let page: Page;
let username = '';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Quad <no-reply@quad.test>' });
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const shot = join(tmpdir(), `quad-e2e-${context.task.name.replace(/\W+/g, '-')}.png`);
  await page.screenshot({ path: shot, fullPage: true });
  console.error(`screenshot of the failure: ${shot}\n${server.output().slice(-4000)}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const toast = (text: string) => page.getByRole('status').filter({ hasText: text }).first();

async function dismissWelcome() {
  const overlay = page.getByRole('dialog', { name: /welcome/i });
  await overlay.waitFor();
  await overlay.getByRole('button', { name: /close/i }).click();
  await overlay.waitFor({ state: 'detached' });
}

async function logOut() {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(`${server.url}/signin`);
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).waitFor();
}

async function signIn(identity: string, password: string) {
  await page.getByLabel('Username / Email').fill(identity);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${server.url}/`);
  await toast('Logged In succesfully!').waitFor();
}

async function expectSignedInAs(name: string) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByText(name, { exact: true }).waitFor();
  await page.keyboard.press('Escape');
}

describe('a newcomer in the browser', () => {
  it('signs up with a college address and the OTP from the mail, and lands on / with the welcome overlay', async () => {
    await page.goto(`${server.url}/signup`);
    await dismissWelcome();
    const chip = page.getByRole('list', { name: 'Suggested usernames' }).getByRole('button').first();
    username = (await chip.textContent())?.trim() ?? '';
    expect(username).toMatch(/^[A-Za-z0-9_]{3,}$/);
    await chip.click();
    expect(await page.getByRole('textbox', { name: 'Username', exact: true }).inputValue()).toBe(username);

    await page.getByLabel('College e-mail').fill('newcomer@gmail.com');
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('* use IET email id!').waitFor();
    expect(await page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(true);

    await page.getByLabel('College e-mail').fill(email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await toast('Your OTP is on its way !').waitFor();
    await page.getByRole('button', { name: /Resend OTP \(\d+s\)/ }).waitFor();

    const otp = await smtp.latestOtp(email);
    await page.getByLabel('OTP').fill(otp);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/`);
    await toast('Email has been successfully varified!').waitFor();
    await dismissWelcome();
    await expectSignedInAs(username);
  });

  it('restores the session silently after a reload', async () => {
    await page.reload();
    await toast('Loggin Session Restored').waitFor();
    await expectSignedInAs(username);
  });

  it('is sent back home from /signin while signed in', async () => {
    await page.goto(`${server.url}/signin`);
    await page.waitForURL(`${server.url}/`);
    await toast('You are already logged in!').waitFor();
  });

  it('signs out, then in by username and by e-mail', async () => {
    await logOut();
    await signIn(username, firstPassword);
    await expectSignedInAs(username);
    await logOut();
    await signIn(email, firstPassword);
    await expectSignedInAs(username);
    await logOut();
  });

  it('resets the password in three steps and is signed in with the new one', async () => {
    await page.goto(`${server.url}/resetpassword`);
    await page.getByLabel(/e-mail/i).fill(email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await toast('Your OTP is on its way !').waitFor();

    const otp = await smtp.latestOtp(email);
    await page.getByLabel('OTP').fill(otp);
    await page.getByRole('button', { name: 'Varify OTP' }).click();

    await page.getByLabel(/new password/i).fill(newPassword);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${server.url}/`);
    await toast('Password has been updated!').waitFor();
    await expectSignedInAs(username);

    await logOut();
    await page.getByLabel('Username / Email').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast('Invalid Credentials').waitFor();
    await signIn(username, newPassword);
  });

  it('changes the password in Settings only with the current one', async () => {
    await page.goto(`${server.url}/setting/`);
    const form = page.getByRole('form', { name: 'Account' });
    const current = form.getByLabel('Current password', { exact: true });
    await form.getByLabel('New password', { exact: true }).waitFor();
    expect(await current.count()).toBe(0);
    await form.getByLabel('New password', { exact: true }).fill(settingsPassword);
    await current.waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('* Enter your current password to set a new one').waitFor();

    await current.fill(firstPassword);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('* Your current password is not right').waitFor();

    await current.fill(newPassword);
    await form.getByRole('button', { name: 'Save' }).click();
    await toast('Details Updated').waitFor();
    expect(await form.getByLabel('New password', { exact: true }).inputValue()).toBe('');

    await logOut();
    await page.getByLabel('Username / Email').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast('Invalid Credentials').waitFor();
    await signIn(username, settingsPassword);
  });

  it('verifies an abandoned sign-up through /varifyaccount after a refused sign-in', async () => {
    await logOut();
    const late = 'latecomer@ietlucknow.ac.in';
    await page.goto(`${server.url}/signup`);
    const chip = page.getByRole('list', { name: 'Suggested usernames' }).getByRole('button').first();
    const lateName = (await chip.textContent())?.trim() ?? '';
    await chip.click();
    await page.getByLabel('College e-mail').fill(late);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await toast('Your OTP is on its way !').waitFor();
    const otp = await smtp.latestOtp(late);

    await page.goto(`${server.url}/signin`);
    await page.getByLabel('Username / Email').fill(late);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${server.url}/varifyaccount`);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(late);

    await page.getByLabel('OTP').fill(otp);
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast('Email has been successfully varified!').waitFor();
    await page.waitForURL(`${server.url}/`);
    await expectSignedInAs(lateName);
  });

  it('never printed the address to the server log', () => {
    expect(server.output()).not.toContain(email);
  });
});
