/**
 * What a visitor's browser (or a crawler) meets before doing anything: the content security policy
 * forbids evaluating text as script and nothing on the first screens breaks it (zod runs without
 * code generation, src/domain/zodSetup.ts), a stray path shows the app's 404 screen with status 404,
 * and the favicon is there.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS } from '../../src/domain/messages.ts';
import { dismissWelcome, keepEvidence, type Person, person } from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

let server: RunningServer;
let visitor: Person;
const consoleErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  visitor = await person('visitor@ietlucknow.ac.in');
  // Before any script of the page: every report of the policy, kept on the window.
  await visitor.browser.context.addInitScript(() => {
    const reports: unknown[] = [];
    (window as unknown as { cspReports: unknown[] }).cspReports = reports;
    document.addEventListener('securitypolicyviolation', (event) =>
      reports.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      }),
    );
  });
  visitor.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('contract', context.task.name, { visitor }, server);
});

afterAll(async () => {
  await visitor?.browser.close();
  await server?.stop();
});

const reports = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspReports: Violation[] }).cspReports);

describe('content security policy', () => {
  it.each([
    ['/', () => visitor.page.getByRole('link', { name: 'Quad home', includeHidden: true })],
    ['/signin', () => visitor.page.getByRole('button', { name: 'Sign In', includeHidden: true })],
    ['/create/post', () => visitor.page.getByRole('link', { name: 'Quad home', includeHidden: true })],
  ])('loading %s breaks no rule of the policy', async (path, drawn) => {
    consoleErrors.length = 0;
    const response = await visitor.page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    await drawn().first().waitFor();
    // Every schema of the screen's code is made by now; give a late report time to arrive.
    await visitor.page.waitForLoadState('networkidle');
    await visitor.page.waitForTimeout(300);
    expect(await reports(visitor.page)).toEqual([]);
    expect(consoleErrors.filter((text) => /content security policy|unsafe-eval/i.test(text))).toEqual([]);
  });
});

describe('paths that are no screen', () => {
  it('answer 404 with the app, which shows its 404 screen and a way home', async () => {
    const { page } = visitor;
    const response = await page.goto(`${server.url}/nonsense/page`);
    expect(response?.status()).toBe(404);
    // A first visit: the welcome overlay covers the screen until closed.
    await dismissWelcome(page);
    await page.getByRole('heading', { name: SCREENS.notFoundTitle }).waitFor();
    await page.getByText(SCREENS.notFoundBody).waitFor();
    await page.getByRole('link', { name: SCREENS.backHome }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await reports(page)).toEqual([]);
  });

  it('robots.txt and the favicon are files, not the app', async () => {
    const robots = await visitor.page.request.get(`${server.url}/robots.txt`);
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('Disallow: /api/');
    const icon = await visitor.page.request.get(`${server.url}/favicon.ico`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
    const sitemap = await visitor.page.request.get(`${server.url}/sitemap.xml`);
    expect(sitemap.status()).toBe(404);
  });
});
