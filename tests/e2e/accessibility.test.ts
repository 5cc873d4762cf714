/**
 * Every screen of the route table (src/domain/spaRoutes.ts) in Debian's Chromium with real data (a post
 * with an image and a comment, a room post, a poll, a public and a private room, a profile), signed out
 * and signed in, at the project's width (1280 px; 375 px in e2e-narrow): axe-core finds no serious or
 * critical violation, the screen has exactly one h1, and the tab is titled after the screen ('Quad'
 * alone only on the home feed).
 */

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SPA_ROUTES } from '../../src/domain/spaRoutes.ts';
import { dismissWelcome, keepEvidence, type Person, person, signUpNamed } from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';

const password = 'Axe#check1';
const checkerName = 'axe_checker';
const postTitle = 'Notes for the DBMS mid-sem, with the ER diagram';
const pollTitle = 'Which lab should open on Saturdays?';

/** What the screens are drawn from, made once through the API as the signed-in person. */
interface Made {
  username: string;
  postId: string;
  roomId: string;
  roomPostId: string;
  pollId: string;
  commentId: string;
  roomTitle: string;
  privateRoomTitle: string;
  creatorId: string;
}

interface Screen {
  /** The route table's pattern this screen stands for (null: a screen that is no pattern, as 404). */
  pattern: string | null;
  name: string;
  path: (made: Made) => string;
  /** The tab's exact title where the data names it. */
  title?: (made: Made) => string;
  /** Skeletons are what the screen shows (the skeleton test view): nothing to wait for. */
  skeletons?: true;
}

const profile =
  (tab = '') =>
  (made: Made) =>
    `/u/${made.username}${tab}`;

const SCREENS: Screen[] = [
  { pattern: '/', name: 'home', path: () => '/' },
  { pattern: '/signin', name: 'sign in', path: () => '/signin' },
  { pattern: '/signup', name: 'sign up', path: () => '/signup' },
  { pattern: '/resetpassword', name: 'reset password', path: () => '/resetpassword' },
  { pattern: '/varifyaccount', name: 'verify account', path: () => '/varifyaccount' },
  { pattern: '/popular', name: 'popular', path: () => '/popular', title: () => 'Popular · Quad' },
  { pattern: '/create', name: 'create', path: () => '/create' },
  { pattern: '/create/post', name: 'create a post', path: () => '/create/post' },
  { pattern: '/create/poll', name: 'create a poll', path: () => '/create/poll' },
  ...['', '/overview', '/posts', '/upvoted', '/commented'].map((tab) => ({
    pattern: `/u/:username${tab}`,
    name: `profile${tab || ''}`,
    path: profile(tab),
    title: (made: Made) => `u/${made.username} · Quad`,
  })),
  {
    pattern: '/post/:postId',
    name: 'post with an image',
    path: (made) => `/post/${made.postId}`,
    title: () => `${postTitle} · Quad`,
  },
  {
    pattern: '/post/:roomId/:postId',
    name: 'room post',
    path: (made) => `/post/${made.roomId}/${made.roomPostId}`,
  },
  { pattern: '/poll', name: 'poll (none chosen)', path: () => '/poll' },
  {
    pattern: '/comment/:id',
    name: 'comment',
    path: (made) => `/comment/${made.commentId}`,
    title: (made) => `Comment by u/${made.username} · Quad`,
  },
  {
    pattern: '/poll/:id',
    name: 'poll',
    path: (made) => `/poll/${made.pollId}`,
    title: () => `${pollTitle} · Quad`,
  },
  ...['sports', 'dsa', 'iet', 'entertainment', 'lifestyle', 'lucknow'].map((topic) => ({
    pattern: `/q/${topic}`,
    name: `topic ${topic}`,
    path: () => `/q/${topic}`,
    title: () => `q/${topic} · Quad`,
  })),
  {
    pattern: '/room/:CreatorId/:title',
    name: 'room',
    path: (made) => `/room/${made.creatorId}/${made.roomTitle}`,
    title: (made) => `q/${made.roomTitle} · Quad`,
  },
  {
    pattern: null,
    name: 'private room',
    path: (made) => `/room/${made.creatorId}/${made.privateRoomTitle}`,
  },
  { pattern: '/setting', name: 'settings', path: () => '/setting' },
  { pattern: '/about', name: 'about', path: () => '/about', title: () => 'About · Quad' },
  {
    pattern: '/search',
    name: 'search results',
    path: () => `/search?q=${encodeURIComponent(postTitle.split(' ')[0] ?? '')}`,
  },
  // The member moderates (MODERATORS): signed in, the queue; signed out, its sign-in prompt.
  { pattern: '/mod', name: 'moderation queue', path: () => '/mod' },
  {
    pattern: '/mod/log',
    name: 'moderation log',
    path: () => '/mod/log',
    title: () => 'Moderation log · Quad',
  },
  { pattern: '/test', name: 'skeleton test view', path: () => '/test', skeletons: true },
  { pattern: null, name: 'not found', path: () => '/no-such-screen', title: () => 'Page Not Found · Quad' },
];

let smtp: SmtpCapture;
let server: RunningServer;
let member: Person;
let visitor: Person;
let made: Made;

/** A real photo-like PNG: a gradient, so it compresses as pictures do. */
const picture = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: '#2563eb' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="500"><circle cx="560" cy="200" r="150" fill="#fbbf24"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/** A call to the API as `who`, with the session cookie and the XSRF echo of their browser. */
async function api(who: Person, path: string, body: { data?: object; multipart?: Record<string, unknown> }) {
  const cookies = await who.browser.context.cookies(server.url);
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await who.page.request.post(`${server.url}/api/${path}`, {
    headers: { 'x-xsrf-token': xsrf },
    ...(body.data ? { data: body.data } : {}),
    ...(body.multipart ? { multipart: body.multipart as never } : {}),
  });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

async function makeContent(who: Person): Promise<Made> {
  const image = { name: 'er-diagram.png', mimeType: 'image/png', buffer: await picture() };
  const post = await api(who, 'posts/postWithImg', {
    multipart: {
      title: postTitle,
      topic: 'dsa',
      body: 'Chapter 3 and 4, with https://example.com/er',
      postImg: image,
    },
  });
  const comment = await api(who, 'posts/createcomment', {
    data: { postId: post.post.id, commentId: null, content: 'The weak entities are on page 2.' },
  });
  const room = await api(who, 'rooms/create', {
    multipart: { title: 'axeroom', desc: 'Checking every screen', privacy: 'false' },
  });
  await api(who, 'rooms/create', {
    multipart: { title: 'axeprivate', desc: 'Members only', privacy: 'true' },
  });
  const roomPost = await api(who, 'posts/postWithImg', {
    multipart: { title: 'Room notice', topic: '', body: 'Meet at 5.', subCommunity: room.newRoom.id },
  });
  const poll = await api(who, 'poll/createpoll', {
    data: { title: pollTitle, options: ['Networks lab', 'Physics lab'], topic: 'iet' },
  });
  await api(who, 'poll/votepoll', { data: { pollOptionId: poll.poll.options[0].id } });
  return {
    username: who.username,
    postId: post.post.id,
    roomId: room.newRoom.id,
    roomPostId: roomPost.post.id,
    pollId: poll.poll.id,
    commentId: comment.newComment.id,
    roomTitle: room.newRoom.title,
    privateRoomTitle: 'axeprivate',
    creatorId: room.newRoom.CreatorId,
  };
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Quad <no-reply@quad.test>',
    MODERATORS: checkerName,
  });
  member = await person('checker@ietlucknow.ac.in');
  visitor = await person('visitor@ietlucknow.ac.in');
  await signUpNamed(member, server, smtp, password, checkerName);
  made = await makeContent(member);
}, 300_000);

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('accessibility', context.task.name, { member, visitor }, server);
});

afterAll(async () => {
  await member?.browser.close();
  await visitor?.browser.close();
  await server?.stop();
  await smtp?.close();
});

/**
 * The toast area (QuadToaster). A toast such as 'Loggin Session Restored' comes and fades on its own
 * clock, so on a screen it may be part-way through an animation while axe reads its colours: the
 * screens are checked without it, and a toast has its own check once it has fully appeared.
 */
const TOASTS = '[aria-live="off"]';

/** The serious and critical violations, one line per rule with the nodes it names. */
async function seriousViolations(page: Page, scope: 'screen' | 'toasts' = 'screen'): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (scope === 'screen' ? axe.exclude(TOASTS) : axe.include(TOASTS)).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n\s*/g, ' ')}`)
          .join('\n')}`,
    );
}

/** Opens the screen and waits until it has drawn its heading and finished loading. */
async function open(page: Page, screen: Screen) {
  await page.goto(`${server.url}${screen.path(made)}`);
  await page.locator('h1').first().waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  // Skeletons stand in while a screen loads; the check looks at what it finally shows.
  if (!screen.skeletons) await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await animationsDone(page);
}

/** Waits until nothing is part-way through a finite animation (a dialog or a toast coming in). */
async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

async function checkScreen(page: Page, screen: Screen, who: string) {
  await open(page, screen);
  const where = `${screen.name} (${new URL(page.url()).pathname}, ${who})`;
  expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
  expect(await page.locator('h1').count(), `h1 elements on ${where}`).toBe(1);
  const title = await page.title();
  if (screen.title) expect(title, `title of ${where}`).toBe(screen.title(made));
  else if (new URL(page.url()).pathname === '/') expect(title, `title of ${where}`).toBe('Quad');
  else expect(title, `title of ${where}`).toMatch(/^.+ · Quad$/);
}

describe('accessibility of every screen', () => {
  it('covers every pattern of the route table', () => {
    const covered = new Set(SCREENS.map((screen) => screen.pattern));
    expect(SPA_ROUTES.map((route) => route.pattern).filter((pattern) => !covered.has(pattern))).toEqual([]);
  });

  it('a first visit: the welcome dialog over the home feed', async () => {
    const { page } = visitor;
    await page.goto(`${server.url}/`);
    await page.getByRole('dialog', { name: /welcome/i }).waitFor();
    await animationsDone(page);
    expect(await seriousViolations(page), 'axe on the welcome dialog').toEqual([]);
    await dismissWelcome(page);
  });

  it('a toast: the restored session', async () => {
    const { page } = member;
    await page.goto(`${server.url}/`);
    await page.getByRole('status').filter({ hasText: 'Loggin Session Restored' }).first().waitFor();
    await animationsDone(page);
    expect(await seriousViolations(page, 'toasts'), 'axe on a toast').toEqual([]);
  });

  // Each screen signed out and signed in at once: two browsers, two sessions, half the waiting.
  it.each(SCREENS.map((screen) => [screen.name, screen] as const))(
    '%s, signed out and in',
    async (_name, screen) => {
      await Promise.all([
        checkScreen(visitor.page, screen, 'signed out'),
        checkScreen(member.page, screen, 'signed in'),
      ]);
    },
  );
});
