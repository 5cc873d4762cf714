/** Debian's Chromium driven by playwright-core (never a downloaded browser), one fresh profile per launch. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** The errors the pages of every browser launched here reported since the last call (e2e.setup.ts). */
const pageErrors: string[] = [];

export const takePageErrors = (): string[] => pageErrors.splice(0);

/**
 * A page's console errors and uncaught exceptions, but for the browser's own line about each HTTP
 * refusal ("Failed to load resource: ... 401"), which the journeys cause on purpose.
 */
function watchPageErrors(context: BrowserContext, errors: string[]): void {
  const watch = (page: import('playwright-core').Page) => {
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        errors.push(`${page.url()}: ${message.text()}`);
      }
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

/**
 * A page the server drew shows its buttons before the app runs them: like a person who waits for the
 * page to be ready, every navigation waits until the app has hydrated it (`<html data-hydrated>`,
 * App.tsx), or until it is clear that it is no page of the app.
 */
const runningApp = () =>
  !document.getElementById('quad-first-screen') || document.documentElement.dataset.hydrated === 'true';

function waitForTheApp(context: BrowserContext): void {
  const wrap = (page: import('playwright-core').Page) => {
    for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
      (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        const response = await navigate(...args);
        await page.waitForFunction(runningApp, undefined, { timeout: 30_000 });
        return response;
      };
    }
  };
  for (const page of context.pages()) wrap(page);
  context.on('page', wrap);
}

/** The window the journeys run in: 1280×800, or E2E_VIEWPORT (e.g. `375x812`, the narrow run). */
export function journeyViewport(): { width: number; height: number } {
  const [width, height] = (process.env.E2E_VIEWPORT ?? '1280x800').split('x').map(Number);
  if (!width || !height)
    throw new Error(`E2E_VIEWPORT must read like 375x812, not ${process.env.E2E_VIEWPORT}`);
  return { width, height };
}

export async function launchBrowser(viewport = journeyViewport()): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'quad-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport,
  });
  watchPageErrors(context, pageErrors);
  waitForTheApp(context);
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
