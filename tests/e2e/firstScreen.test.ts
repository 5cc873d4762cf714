/**
 * The first screen from the server (issue 29), in Debian's Chromium: a page shows its content before
 * any script has run, the app then starts from the data embedded with it without asking the API
 * again, and with JavaScript off a visitor still reads and follows links, while forms say that they
 * need it. (Every journey also fails on a hydration mismatch: tests/support/e2e.setup.ts.)
 */
import { randomBytes } from 'node:crypto';
import { chromium, type Page, type Browser as PlaywrightBrowser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITED_COOKIE } from '../../server/render/renderPage.tsx';
import { NEEDS_JAVASCRIPT } from '../../src/views/components/NeedsJavaScript.tsx';
import { CHROMIUM_ARGS, journeyViewport } from '../support/browser.ts';
import { dismissWelcome, type Person, person } from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';
import { signUp, WebSession } from '../support/webSession.ts';

const tag = randomBytes(3).toString('hex');
const title = `Library hours ${tag}`;
const body = 'Open till 10 pm during the exams.';

let smtp: SmtpCapture;
let server: RunningServer;
let author: WebSession;
let username: string;
let postId: string;
let visitor: Person;
let student: Person;
let noScript: PlaywrightBrowser;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Quad <no-reply@quad.test>' });
  author = new WebSession(server.url);
  username = `first_${tag}`;
  await signUp(author, smtp, { email: `first${tag}@ietlucknow.ac.in`, username, password: 'First#pass123' });
  const form = new FormData();
  for (const [name, value] of Object.entries({ title, topic: 'dsa', body })) form.append(name, value);
  const created = await author.post('posts/postWithImg', form);
  expect(created.status).toBe(201);
  postId = created.json<{ post: { id: string } }>().post.id;
  visitor = await person(`visitor${tag}@ietlucknow.ac.in`);
  student = await person(`student${tag}@ietlucknow.ac.in`);
  await student.browser.context.addCookies(
    [...author.cookies].map(([name, value]) => ({ name, value, url: server.url })),
  );
  // Scripts off in Blink itself: its parser then shows what <noscript> holds, as a browser with
  // JavaScript turned off does (a context's javaScriptEnabled only stops the scripts).
  noScript = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--blink-settings=scriptEnabled=false'],
  });
});

afterAll(async () => {
  await noScript?.close();
  await visitor?.browser.close();
  await student?.browser.close();
  await server?.stop();
  await smtp?.close();
});

/** The API calls a page makes while it opens and settles, but the live stream. */
async function apiCallsOfOpening(page: Page, path: string): Promise<string[]> {
  const calls: string[] = [];
  const record = (request: { url(): string; method(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') {
      calls.push(`${request.method()} ${url.pathname}`);
    }
  };
  page.on('request', record);
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  page.off('request', record);
  return calls;
}

describe('the first screen', () => {
  it('a visitor gets each screen drawn, and the app asks the API for nothing it carries', async () => {
    const screens = ['/', `/post/${postId}`, `/u/${username}/overview`, '/q/dsa', '/popular', '/about'];
    for (const path of screens) {
      expect(await apiCallsOfOpening(visitor.page, path), path).toEqual([]);
    }
    await visitor.page.goto(`${server.url}/post/${postId}`);
    expect(await visitor.page.title()).toBe(`${title} · Quad`);
  });

  it('a signed-in student gets their own page; the app only catches up with notifications when its stream opens', async () => {
    const calls = await apiCallsOfOpening(student.page, '/');
    expect(calls.filter((call) => call !== 'GET /api/u/notification')).toEqual([]);
    await dismissWelcome(student.page);
    await student.page
      .getByRole('button', { name: /Notifications/ })
      .first()
      .waitFor();
    await student.page.getByRole('link', { name: title }).first().waitFor();
  });

  it('leaving a first screen that the live stream watched stops watching it', async () => {
    const { page } = student;
    // The welcome was seen (and dismissed above, where this test runs in its file).
    await page.context().addCookies([{ name: VISITED_COOKIE, value: '1', url: server.url }]);
    await page.goto(`${server.url}/post/${postId}`, { waitUntil: 'networkidle' });
    const unwatched = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/events' && !request.url().includes('watch='),
      { timeout: 10_000 },
    );
    await page.getByRole('link', { name: 'q/dsa' }).first().click();
    await unwatched;
  });

  it('a screen opened inside the app loads its data as before', async () => {
    const { page } = visitor;
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await dismissWelcome(page);
    const asked = page.waitForRequest((request) => request.url().includes('/api/posts/getapost'));
    await page.getByRole('link', { name: title }).first().click();
    await asked;
    await page.getByText(body).waitFor();
  });
});

describe('without JavaScript', () => {
  it('a visitor reads the feed and follows a link to the post; a form says it needs JavaScript', async () => {
    const context = await noScript.newContext({ javaScriptEnabled: false, viewport: journeyViewport() });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      // The server draws the welcome dialog for a first visit; without scripts nothing could close it.
      const welcome = page.locator('[role="dialog"]');
      expect(await welcome.count()).toBe(1);
      expect(await welcome.isVisible()).toBe(false);
      await page.getByRole('link', { name: title }).first().click();
      await page.waitForURL(`${server.url}/post/${postId}`);
      await page.getByText(body).waitFor();
      await page.goto(`${server.url}/signin`);
      // Playwright's text locators skip <noscript>, whose content the page shows here.
      expect(await page.getByRole('main').innerText()).toContain(NEEDS_JAVASCRIPT);
    } finally {
      await context.close();
    }
  });
});
