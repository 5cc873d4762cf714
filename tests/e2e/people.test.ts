/**
 * People in Debian's Chromium against the real server, with local stand-ins for LeetCode and
 * Codeforces: A links both handles and sees the stats card and the rank on the profile, hides them,
 * changes bio and avatar; B finds A and A's room through the search box and votes on A's post; A gets
 * the notification and clears it; A deletes the account and the content is gone.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicRoom,
  keepEvidence,
  type Person,
  person,
  signUp as signUpAs,
  toast,
} from '../support/e2ePeople.ts';
import { jpeg } from '../support/fixtures/images.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';
import { type StatsFakes, startStatsFakes } from '../support/statsFakes.ts';

const password = 'People#pass12';
const roomName = `quiz${randomBytes(3).toString('hex')}`;
const postTitle = 'Who is up for a mock interview?';
const bio = 'Graph problems before breakfast.';

let smtp: SmtpCapture;
let stats: StatsFakes;
let server: RunningServer;
let a: Person;
let b: Person;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  stats = await startStatsFakes();
  stats.leetcode.users.set('graph_guru', {
    username: 'graph_guru',
    ranking: 12345,
    points: 420,
    solved: { Easy: 120, Medium: 200, Hard: 45 },
    submissions: { accepted: 700, total: 1000 },
  });
  stats.codeforces.users.set('graph_guru', { handle: 'graph_guru', maxRank: 'candidate master' });
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Quad <no-reply@quad.test>',
    LEETCODE_URL: stats.leetcode.url,
    CODEFORCES_URL: stats.codeforces.url,
  });
  a = await person('profile.owner@ietlucknow.ac.in');
  b = await person('profile.visitor@ietlucknow.ac.in', { width: 390, height: 844 });
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('people', context.task.name, { a, b }, server);
});

afterAll(async () => {
  await a?.browser.close();
  await b?.browser.close();
  await server?.stop();
  await stats?.close();
  await smtp?.close();
});

const signUp = (who: Person) => signUpAs(who, server, smtp, password);
const coding = (site: 'LeetCode' | 'Codeforces') => a.page.getByRole('form', { name: site });
const showLeetCode = () => a.page.getByRole('switch', { name: 'Show my LeetCode stats on my profile' });
const showCodeforces = () => a.page.getByRole('switch', { name: 'Show my Codeforces rank on my profile' });
/** Waits until the Codeforces switch (the last one toggled) has saved its new state. */
const codeforcesShown = (shown: boolean) =>
  expect.poll(() => showCodeforces().getAttribute('aria-checked')).toBe(String(shown));

describe('profiles, settings, search and notifications in the browser', () => {
  it('A links LeetCode and Codeforces in the settings, an unknown handle is refused inline', async () => {
    await signUp(a);
    const { page } = a;
    await page.goto(`${server.url}/setting/`);
    const leetcode = coding('LeetCode');
    await leetcode.getByLabel('LeetCode handle').fill('nobody_knows_me');
    await leetcode.getByRole('button', { name: 'Add' }).click();
    await leetcode.getByText('Invalid username').waitFor();
    await leetcode.getByLabel('LeetCode handle').fill('graph_guru');
    await leetcode.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Linked as graph_guru').waitFor();
    await showLeetCode().click();
    const codeforces = coding('Codeforces');
    await codeforces.getByLabel('Codeforces handle').fill('graph_guru');
    await codeforces.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Rank: candidate master').waitFor();
    await showCodeforces().click();
    await codeforcesShown(true);
  });

  it('A changes the bio and the avatar', async () => {
    const { page } = a;
    await page.getByLabel('About you').fill(bio);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Details Updated').waitFor();
    await page.getByRole('button', { name: 'Change avatar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg(200, 200),
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Profile Picture Updated !').waitFor();
  });

  it('A’s profile shows the bio, the rank and the LeetCode stats card', async () => {
    const { page } = a;
    await page.goto(`${server.url}/u/${a.username}`);
    await page.waitForURL(`${server.url}/u/${a.username}/overview`);
    await page.getByText(bio).first().waitFor();
    await page.getByText('candidate master').first().waitFor();
    await page.getByRole('button', { name: 'LeetCode stats' }).click();
    const card = page.getByRole('dialog', { name: 'LeetCode: graph_guru' });
    await card.getByText('12,345').or(card.getByText('12345')).first().waitFor();
    // The ring shows the acceptance rate while hovered or focused (the dialog may focus it on opening),
    // the solved total otherwise.
    await page.mouse.move(0, 0);
    await card.getByRole('button', { name: /close/i }).focus();
    await card.getByText('365').first().waitFor();
    await card.getByRole('button', { name: /close/i }).click();
    expect(await page.locator('img[src^="/uploads/users/"]').count()).toBeGreaterThan(0);
  });

  it('A hides both, and the profile stops showing them', async () => {
    const { page } = a;
    await page.goto(`${server.url}/setting/`);
    await showLeetCode().click();
    await showCodeforces().click();
    await codeforcesShown(false);
    await page.goto(`${server.url}/u/${a.username}/overview`);
    await page.getByText(bio).first().waitFor();
    expect(await page.getByRole('button', { name: 'LeetCode stats' }).count()).toBe(0);
    expect(await page.getByText('candidate master').count()).toBe(0);
  });

  it('A opens a public room and posts on the home feed', async () => {
    const { page } = a;
    await page.goto(`${server.url}/`);
    await createPublicRoom(page, roomName);
    await page.goto(`${server.url}/create/post`);
    const modal = page.getByRole('dialog', { name: 'Create' });
    await modal.getByLabel('Topic').selectOption('dsa');
    await modal.getByLabel(/^Title/).fill(postTitle);
    await modal.getByLabel('Description').fill('Trees and graphs, 45 minutes each.');
    await modal.getByRole('button', { name: 'Post', exact: true }).click();
    await toast(page, 'Successfully Posted!').waitFor();
  });

  it('B finds A and the room with the search box, and upvotes A’s post', async () => {
    await signUp(b);
    const { page } = b;
    await page
      .getByRole('button', { name: /search/i })
      .first()
      .click();
    const box = page.getByRole('combobox', { name: 'Search people, rooms and posts' });
    await box.fill(a.username.slice(0, 6));
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option', { name: `u/${a.username}` }).click();
    await page.waitForURL(`${server.url}/u/${a.username}/overview`);
    await page.getByText(bio).first().waitFor();
    const card = page.getByRole('article', { name: postTitle });
    await card.waitFor();
    await card.getByRole('button', { name: /upvote/i }).click();
    await expect
      .poll(() => card.getByRole('button', { name: /upvote/i }).getAttribute('aria-pressed'))
      .toBe('true');

    await page
      .getByRole('button', { name: /search/i })
      .first()
      .click();
    await page.getByRole('combobox', { name: 'Search people, rooms and posts' }).fill(roomName.toUpperCase());
    await page
      .getByRole('listbox', { name: 'Search results' })
      .getByRole('option', { name: `q/${roomName}` })
      .click();
    await page.getByRole('heading', { name: `q/${roomName}` }).waitFor();
    await page.getByRole('button', { name: 'Join', exact: true }).waitFor();
  });

  it('B finds the post by its words, and Enter opens the search page with its tabs', async () => {
    const { page } = b;
    await page
      .getByRole('button', { name: /search/i })
      .first()
      .click();
    const box = page.getByRole('combobox', { name: 'Search people, rooms and posts' });
    await box.fill('mock interv');
    const found = page.getByRole('group', { name: 'Posts' }).getByRole('option', { name: /mock interview/ });
    await found.waitFor();
    await box.press('Enter');
    await page.waitForURL(`${server.url}/search?q=mock%20interv`);
    await page.getByRole('heading', { level: 1, name: 'Search results for “mock interv”' }).waitFor();
    await page.getByRole('article', { name: postTitle }).waitFor();
    expect(await page.title()).toBe('Search results for “mock interv” · Quad');
    const tabs = page.getByRole('navigation', { name: 'Search tabs' });
    await tabs.getByRole('link', { name: 'Comments' }).click();
    await page.getByText('No comments found').waitFor();
    await tabs.getByRole('link', { name: 'People' }).click();
    await page.getByText('No people found').waitFor();
  });

  it('A receives the notification and clears it', async () => {
    const { page } = a;
    await page.goto(`${server.url}/`);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Refresh notifications' }).click();
    await panel.getByText('upvoted your post!').first().waitFor();
    await panel.getByRole('button', { name: 'Mark all as Read' }).click();
    await panel.getByText("You're all caught up! No new notifications.").waitFor();
  });

  it('A deletes the account in two clicks, and A’s profile and post are gone', async () => {
    const { page } = a;
    await page.goto(`${server.url}/setting/`);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('Alert! Your All Data Will Be Deleted eg. Rooms,Posts,Comments,Likes').waitFor();
    await page.getByRole('button', { name: 'Again Click to Confirm' }).click();
    await toast(page, 'Account Deleted').waitFor();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();

    await b.page.goto(`${server.url}/u/${a.username}`);
    await b.page.getByText('Page Not Found').waitFor();
    await b.page.goto(`${server.url}/`);
    await b.page.getByText("It looks like there's no posts to display.").waitFor();
    expect(await b.page.getByRole('article', { name: postTitle }).count()).toBe(0);
  });
});
