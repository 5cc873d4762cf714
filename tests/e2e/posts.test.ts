/**
 * Posts, comments, votes and polls in Debian's Chromium against the real server and a real SMTP
 * capture: A posts with an image, sees it on / and on its topic and votes on it; B comments and votes,
 * A replies; A edits the post and B the comment, each seeing the other's edit live; B previews and
 * sends a comment with a code block, read highlighted on the page the server draws; B sorts the
 * comments (kept for the next visit) and q/dsa; A makes a poll, B votes and changes the vote; A sees
 * B's vote in the bell, then deletes the
 * poll and the post.
 */

import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepEvidence, type Person, person, signUp as signUpAs, toast } from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';

const password = 'Posting#pass1';
const title = 'Which elective should I pick in the 5th semester?';
const imageDescription = 'A timetable of the 5th semester electives, ML and Cloud side by side';
const question = 'Best ground for cricket?';

let smtp: SmtpCapture;
let server: RunningServer;
let a: Person;
let b: Person;
let postPath = '';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Quad <no-reply@quad.test>' });
  a = await person('poster@ietlucknow.ac.in');
  b = await person('reader@ietlucknow.ac.in');
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('posts', context.task.name, { a, b }, server);
});

afterAll(async () => {
  await a?.browser.close();
  await b?.browser.close();
  await server?.stop();
  await smtp?.close();
});

const signUp = (who: Person) => signUpAs(who, server, smtp, password);

/** A real PNG made at test time: noise does not compress, so 1100×1000 pixels weigh over 3 MB. */
const noisyPng = () => {
  const width = 1100;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

const postCard = (page: Page) => page.getByRole('article', { name: title });

describe('posting, commenting, voting and polling in the browser', () => {
  it('A signs up and posts with an image, behind the posting toast, and lands on /', async () => {
    await signUp(a);
    const { page } = a;
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (
        !request.url().startsWith(server.url) &&
        !request.url().startsWith('data:') &&
        !request.url().startsWith('blob:')
      ) {
        foreign.push(request.url());
      }
    });
    const image = await noisyPng();
    expect(image.length).toBeGreaterThan(3 * 1024 * 1024);
    await page.goto(`${server.url}/create/post`);
    await page.getByLabel('Topic', { exact: true }).selectOption('dsa');
    await page.getByLabel(/^Title/).fill(title);
    await page.getByText(`${title.length}/300`).waitFor();
    await page.getByLabel('Description').fill('Torn between ML and Cloud. Seniors, which one helped?');
    // Over 3 MB: compressed in the page (no worker, no CDN) before it can be posted.
    await page
      .getByLabel('Upload image')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: image });
    await page.getByRole('img', { name: 'Preview of banner.png' }).waitFor({ timeout: 60_000 });
    await page.getByLabel(/^Image description/).fill(imageDescription);
    expect(foreign).toEqual([]);
    const upload = page.waitForRequest((request) => request.url().endsWith('/api/posts/postWithImg'));
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    // The multipart body carries the compressed image: at most the 3 MB target plus the text fields.
    expect((await upload).postDataBuffer()?.length ?? 0).toBeLessThan(3 * 1024 * 1024 + 4096);
    await toast(page, 'Successfully Posted!').waitFor();
    await page.waitForURL(`${server.url}/`);
  });

  it('A sees the post on / with its image and on /q/dsa, and votes on it', async () => {
    const { page } = a;
    const card = postCard(page);
    await card.waitFor();
    const img = card.getByRole('img', { name: imageDescription });
    const src = await img.getAttribute('src');
    expect(src).toMatch(/^\/uploads\/posts\/[0-9a-f-]{36}\.webp$/);
    const image = await page.request.get(`${server.url}${src}`);
    expect(image.ok()).toBe(true);
    // The first image of the feed comes first, as the copy its slot needs, not the original.
    expect(await img.getAttribute('fetchpriority')).toBe('high');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc))
      .toMatch(/-(320|640|1080)w\.webp$/);

    await page.goto(`${server.url}/q/dsa`);
    await postCard(page).waitFor();
    await postCard(page).getByRole('button', { name: 'Upvote (0)' }).click();
    await postCard(page).getByRole('button', { name: 'Upvote (1)', pressed: true }).waitFor();
    await postCard(page).getByRole('link', { name: title }).click();
    await page.waitForURL(/\/post\/[0-9a-f-]{36}$/);
    postPath = new URL(page.url()).pathname;
  });

  it('B signs up, comments on the post and upvotes it', async () => {
    await signUp(b);
    const { page } = b;
    await page.goto(`${server.url}${postPath}`);
    await page.getByRole('button', { name: 'Add a comment' }).click();
    await page.getByLabel('Your comment').fill('ML, no question. Great projects.');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await toast(page, 'Comment Added.').waitFor();
    await page.getByText('ML, no question. Great projects.').waitFor();
    await postCard(page).getByRole('button', { name: 'Upvote (1)' }).click();
    await postCard(page).getByRole('button', { name: 'Upvote (2)', pressed: true }).waitFor();
  });

  it('A replies to B and sees the reply nested under the comment', async () => {
    const { page } = a;
    await page.goto(`${server.url}${postPath}`);
    const comment = page.getByRole('article', { name: `Comment by u/${b.username}` });
    await comment.getByRole('button', { name: 'Reply' }).click();
    await page.getByLabel('Your reply').fill('Was the math heavy?');
    await page.getByRole('form', { name: 'Reply' }).getByRole('button', { name: 'Reply' }).click();
    await toast(page, 'Comment Added.').waitFor();
    await page
      .getByRole('list', { name: `Replies to u/${b.username}` })
      .getByText('Was the math heavy?')
      .waitFor();
  });

  it('A edits the body and B sees it live; B edits the comment and A sees it; both read "edited"', async () => {
    const edited = 'Torn between ML and Cloud. Seniors, which one helped you most?';
    await postCard(a.page).getByRole('button', { name: 'Post menu' }).click();
    await a.page.getByRole('menuitem', { name: 'Edit' }).click();
    await a.page.getByRole('textbox', { name: 'Edit post' }).fill(edited);
    await a.page.getByRole('button', { name: 'Save' }).click();
    await toast(a.page, 'Changes saved').waitFor();
    await postCard(a.page)
      .getByText(/^edited/)
      .waitFor();
    await postCard(b.page).getByText(edited).waitFor();
    await postCard(b.page)
      .getByText(/^edited/)
      .waitFor();

    const comment = b.page.getByRole('article', { name: `Comment by u/${b.username}` });
    await comment.getByRole('button', { name: 'Comment menu' }).click();
    await b.page.getByRole('menuitem', { name: 'Edit' }).click();
    await b.page
      .getByRole('textbox', { name: 'Edit comment' })
      .fill('ML, no question. Great projects and labs.');
    await b.page.getByRole('button', { name: 'Save' }).click();
    await comment.getByText(/^edited/).waitFor();
    await a.page
      .getByRole('article', { name: `Comment by u/${b.username}` })
      .getByText('ML, no question. Great projects and labs.')
      .waitFor();
  });

  it('B previews a comment with code, sends it, and reads it highlighted on the page the server draws', async () => {
    const { page } = b;
    await page.getByRole('button', { name: 'Add a comment' }).click();
    const longLine = `print("${'ML '.repeat(40)}")`;
    await page
      .getByLabel('Your comment')
      .fill(`Try **this**:\n\n\`\`\`python\ndef pick():\n    ${longLine}\n\`\`\``);
    await page.getByRole('button', { name: 'Preview', exact: true }).press('Enter');
    const preview = page.getByRole('region', { name: 'Your comment preview' });
    await preview.locator('.hl-keyword', { hasText: 'def' }).waitFor();
    await page.getByRole('button', { name: 'Write', exact: true }).click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByRole('article').locator('strong', { hasText: 'this' }).waitFor();

    await page.reload();
    const comment = page.getByRole('article').filter({ has: page.locator('pre[data-language="python"]') });
    const keyword = comment.locator('pre .hl-keyword', { hasText: 'def' });
    await keyword.waitFor();
    expect(await keyword.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(207, 34, 46)');
    // The long line does not widen the page: 'Read More' opens the block, which scrolls sideways.
    await comment.getByRole('button', { name: 'Read More' }).click();
    const code = comment.locator('pre');
    expect(await code.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    expect(await code.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it("A sees B's upvote in the bell", async () => {
    const { page } = a;
    await page.reload();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByText('upvoted your post!').first().waitFor();
    await page.keyboard.press('Escape');
  });

  it('B sorts the comments New first, kept for the next visit, and sorts q/dsa by Top', async () => {
    const { page } = b;
    await page.getByRole('button', { name: 'Add a comment' }).click();
    await page.getByLabel('Your comment').fill('Also: the lab sessions.');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByText('Also: the lab sessions.').waitFor();
    const firstComment = () => page.getByRole('article', { name: `Comment by u/${b.username}` }).first();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('new');
    await expect.poll(() => firstComment().textContent()).toContain('Also: the lab sessions.');
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('new');
    await expect.poll(() => firstComment().textContent()).toContain('Also: the lab sessions.');

    await page.goto(`${server.url}/q/dsa`);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Top: all time' });
    await page.waitForURL(/\/q\/dsa\?sort=top&t=all$/);
    await postCard(page).waitFor();
  });

  it('A creates a poll; B votes and then moves the vote', async () => {
    await a.page.goto(`${server.url}/create/poll`);
    await a.page.getByLabel('Topic', { exact: true }).selectOption('sports');
    await a.page.getByLabel(/^Question/).fill(question);
    await a.page.getByRole('textbox', { name: 'Option 1' }).fill('North ground');
    await a.page.getByRole('textbox', { name: 'Option 2' }).fill('South ground');
    await a.page.getByRole('button', { name: 'Create Poll' }).click();
    await toast(a.page, 'Poll Created!').waitFor();
    await a.page.waitForURL(`${server.url}/`);

    const { page } = b;
    await page.goto(`${server.url}/`);
    const poll = page.getByRole('article', { name: question });
    // The choice shows at once; the next one waits for the server's answer to this one.
    const voted = page.waitForResponse((res) => res.url().includes('/api/poll/votepoll'));
    await poll.getByRole('button', { name: /^North ground/ }).click();
    await poll.getByRole('button', { name: 'North ground 100.00%', pressed: true }).waitFor();
    await voted;
    await poll.getByRole('button', { name: /^South ground/ }).click();
    await poll.getByRole('button', { name: 'South ground 100.00%', pressed: true }).waitFor();
    await poll.getByRole('button', { name: 'North ground 0.00%', pressed: false }).waitFor();
    await poll.getByText('Total_votes: 1').waitFor();
  });

  it('A deletes the poll and the post after confirming', async () => {
    const { page } = a;
    await page.goto(`${server.url}/`);
    const poll = page.getByRole('article', { name: question });
    await poll.getByRole('button', { name: 'Poll menu' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Poll Deleted!').waitFor();
    await poll.waitFor({ state: 'detached' });

    await postCard(page).getByRole('button', { name: 'Post menu' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByText("Are you certain you want to delete this post? This can't be undone.").waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Post Deleted!').waitFor();
    await postCard(page).waitFor({ state: 'detached' });
  });
});
