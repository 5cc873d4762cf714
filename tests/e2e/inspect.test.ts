/**
 * Stately Inspect shows the app as one actor system: opened with `?inspect`, the app sends the
 * inspector window the long-lived actors (children of the app, one root) and the screen actors a
 * person starts, here a post's vote. The inspector window is played by a local page that records what
 * it receives (the real one is on stately.ai, which tests never reach).
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepEvidence, type Person, person, signUp, toast } from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';

interface Received {
  type: string;
  name?: string;
  sessionId: string;
  rootId?: string;
  parentId?: string;
  event?: { type: string };
}

/** The inspector window: says it is connected, then keeps every message. */
const receiverPage = `<!doctype html><title>inspector</title><script>
  window.received = [];
  addEventListener('message', (event) => window.received.push(event.data));
  window.opener.postMessage({ type: '@statelyai.connected' }, '*');
</script>`;

const title = 'Is the library open on Sundays?';

let smtp: SmtpCapture;
let server: RunningServer;
let a: Person;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Quad <no-reply@quad.test>' });
  a = await person('inspector@ietlucknow.ac.in');
  await a.browser.context.route('https://stately.ai/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: receiverPage }),
  );
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('inspect', context.task.name, { a }, server);
});

afterAll(async () => {
  await a?.browser.close();
  await server?.stop();
  await smtp?.close();
});

const received = (inspector: Page) =>
  inspector.evaluate(() => (window as unknown as { received: Received[] }).received);

describe('Stately Inspect', () => {
  it('shows one system: the app, its long-lived actors and a vote, all under one root', async () => {
    await signUp(a, server, smtp, 'Inspect#pass1');
    const { page } = a;
    await page.goto(`${server.url}/create/post`);
    await page.getByLabel('Topic', { exact: true }).selectOption('dsa');
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel('Description').fill('Asking for the exam weeks.');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await toast(page, 'Successfully Posted!').waitFor();

    const opened = page.waitForEvent('popup');
    await page.goto(`${server.url}/?inspect`);
    const inspector = await opened;
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Upvote (0)' }).click();
    await card.getByRole('button', { name: 'Upvote (1)', pressed: true }).waitFor();

    const voteSeen = async () =>
      (await received(inspector)).some((e) => e.type === '@xstate.event' && e.event?.type === 'vote.up');
    await expect.poll(voteSeen, { timeout: 15_000 }).toBe(true);
    const events = await received(inspector);
    const actors = events.filter((e) => e.type === '@xstate.actor');
    const app = actors.find((e) => e.name === 'app');
    expect(app).toBeDefined();
    const children = ['session', 'notificationsPanel', 'search', 'welcome', 'roomLists'];
    for (const name of children) {
      const child = actors.find((e) => e.name === name);
      expect(child, name).toMatchObject({ rootId: app?.sessionId, parentId: app?.sessionId });
    }
    const vote = actors.find((e) => e.name === 'postVote');
    expect(vote).toMatchObject({ rootId: app?.sessionId, parentId: app?.sessionId });
    // What the session and the vote did reached the same inspector.
    const session = actors.find((e) => e.name === 'session');
    expect(events.some((e) => e.type === '@xstate.snapshot' && e.sessionId === session?.sessionId)).toBe(
      true,
    );
    expect(
      events.some(
        (e) => e.type === '@xstate.event' && e.sessionId === vote?.sessionId && e.event?.type === 'vote.up',
      ),
    ).toBe(true);
    const panel = actors.find((e) => e.name === 'notificationsPanel');
    expect(events.some((e) => e.rootId === app?.sessionId && e.sessionId === panel?.sessionId)).toBe(true);
    // Every actor seen belongs to the one system.
    expect(new Set(actors.map((e) => e.rootId))).toEqual(new Set([app?.sessionId]));
  });
});
