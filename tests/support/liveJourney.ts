/**
 * The live journey of issue 20, in two Chromiums: A watches their own post; B (maybe on another
 * server process of the same database) upvotes it and replies. A's vote count, bell and thread follow
 * within a second, without a reload, and A's screen reader hears the notification.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Person } from './e2ePeople.ts';
import type { RunningServer } from './serverProcess.ts';

/** How soon A must see what B did, once B's server has answered. */
export const LIVE_WITHIN_MS = 1_000;

export interface LiveStage {
  a: Person;
  b: Person;
  /** The server A's browser talks to, and B's (the same one, or another process on one database). */
  serverA: RunningServer;
  serverB: RunningServer;
}

/** A call to the API from the person's browser, with its cookies and the XSRF echo. */
export async function apiCall(
  who: Person,
  server: RunningServer,
  path: string,
  data: Record<string, string | number>,
  as: 'form' | 'json' = 'form',
) {
  const cookies = await who.browser.context.cookies(server.url);
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await who.page.request.post(`${server.url}/api/${path}`, {
    headers: { 'x-xsrf-token': xsrf },
    ...(as === 'form' ? { multipart: data } : { data }),
  });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

const postCard = (page: Page, title: string) => page.getByRole('article', { name: title });

/** Opens the post on this page and waits until its live stream watches it. */
async function watchPost(page: Page, server: RunningServer, postId: string, title: string) {
  const watching = page.waitForResponse(
    (res) => res.url().includes('/api/events') && res.url().includes(`post%3A${postId}`),
  );
  await page.goto(`${server.url}/post/${postId}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect((await watching).status()).toBe(200);
}

export async function liveJourney({ a, b, serverA, serverB }: LiveStage): Promise<void> {
  const title = `Live from the quad ${randomBytes(3).toString('hex')}`;
  const { post } = await apiCall(a, serverA, 'posts/postWithImg', {
    title,
    topic: 'dsa',
    body: 'Who is at the library tonight?',
  });
  await watchPost(a.page, serverA, post.id, title);
  await a.page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  const bell = a.page.getByRole('button', { name: /^Notifications/ });
  await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications');

  await b.page.goto(`${serverB.url}/post/${post.id}`);
  const voted = b.page.waitForResponse((res) => res.url().endsWith('/api/posts/vote'));
  await postCard(b.page, title).getByRole('button', { name: 'Upvote (0)' }).click();
  expect((await voted).status()).toBe(201);
  const within = { timeout: LIVE_WITHIN_MS };
  await postCard(a.page, title).getByRole('button', { name: 'Upvote (1)' }).waitFor(within);
  await a.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor(within);
  await a.page
    .getByRole('status')
    .filter({ hasText: 'New notification: upvoted your post!' })
    .waitFor(within);

  const reply = `I am, third floor ${randomBytes(2).toString('hex')}`;
  await b.page.getByRole('button', { name: 'Add a comment' }).click();
  await b.page.getByLabel('Your comment').fill(reply);
  const commented = b.page.waitForResponse((res) => res.url().endsWith('/api/posts/createcomment'));
  await b.page.getByRole('button', { name: 'Comment', exact: true }).click();
  expect((await commented).status()).toBe(201);
  await a.page
    .getByRole('article', { name: `Comment by u/${b.username}` })
    .getByText(reply)
    .waitFor(within);
  await a.page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor(within);

  // All of it arrived on the page A opened: no reload, no navigation.
  expect(await a.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
}

interface PageStream {
  names: string[];
  ready: { watch: string | null } | null;
}

/** Opens an `EventSource` in the page (as the app does) watching `watch`, recording what it hears. */
async function listenInPage(page: Page, watch: string): Promise<void> {
  await page.evaluate((w) => {
    const heard: PageStream = { names: [], ready: null };
    (window as unknown as { heard: PageStream }).heard = heard;
    const source = new EventSource(`/api/events?watch=${encodeURIComponent(w)}`);
    for (const name of ['ready', 'post.tally', 'comment.added', 'notification']) {
      source.addEventListener(name, (event) => {
        heard.names.push(name);
        if (name === 'ready') heard.ready = JSON.parse((event as MessageEvent).data);
      });
    }
  }, watch);
  await page.waitForFunction(() => (window as unknown as { heard: PageStream }).heard.ready !== null);
}

const heardIn = (page: Page) => page.evaluate(() => (window as unknown as { heard: PageStream }).heard);

/**
 * A private room's post, watched from two browsers: its owner hears a vote on it at once; B, who has
 * not joined, asked to watch it too and hears nothing of it (the server dropped the watch).
 */
export async function privateRoomJourney({ a, b, serverA }: LiveStage): Promise<void> {
  const { newRoom } = await apiCall(a, serverA, 'rooms/create', {
    title: `Hush${randomBytes(3).toString('hex')}`,
    desc: 'Members only',
    privacy: 'true',
  });
  const { post } = await apiCall(a, serverA, 'posts/postWithImg', {
    title: `For members ${randomBytes(2).toString('hex')}`,
    body: 'Quiet plans.',
    subCommunity: newRoom.id,
  });
  const watch = `post:${post.id}`;
  await listenInPage(a.page, watch);
  await listenInPage(b.page, watch);
  expect((await heardIn(a.page)).ready).toEqual({ watch });
  expect((await heardIn(b.page)).ready).toEqual({ watch: null });

  await apiCall(a, serverA, 'posts/vote', { postId: post.id, val: 1 }, 'json');
  await a.page.waitForFunction(
    () => (window as unknown as { heard: PageStream }).heard.names.includes('post.tally'),
    undefined,
    { timeout: LIVE_WITHIN_MS },
  );
  // Long enough for an event that was sent to B to have arrived there too.
  await b.page.waitForTimeout(LIVE_WITHIN_MS);
  expect((await heardIn(b.page)).names).toEqual(['ready']);
}
