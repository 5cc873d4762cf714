/**
 * Trust and safety in Debian's Chromium against the real server, with three members and two
 * moderators (MODERATORS): the author posts; two readers report it, the second for self-harm, and is
 * shown the campus resources; the post is masked behind "View anyway" for readers and carries a notice
 * for its author; one moderator proposes removal and cannot confirm it, the other confirms; the post's
 * address then says why it was removed and the public log lists it; a reader blocks the author, whose
 * other post leaves the reader's home feed.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepEvidence, type Person, person, signUpNamed, toast } from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';

const password = 'Safety#pass12';
const tag = randomBytes(3).toString('hex');
const reported = `Everyone in room 12 is a loser ${tag}`;
const other = `Notes for the algorithms quiz ${tag}`;
const moderatorNames = [`modone_${tag}`, `modtwo_${tag}`];

let smtp: SmtpCapture;
let server: RunningServer;
let author: Person;
let reader: Person;
let helper: Person;
let firstMod: Person;
let secondMod: Person;
let postPath = '';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Quad <no-reply@quad.test>',
    MODERATORS: moderatorNames.join(','),
    REPORT_THRESHOLD: '2',
    // The journey's members are minutes old: every report counts toward the mask here.
    MASK_MIN_ACCOUNT_DAYS: '0',
    CRISIS_RESOURCES: JSON.stringify([{ name: 'Campus care line', phone: '+91 522 000 0000' }]),
  });
  author = await person(`author${tag}@ietlucknow.ac.in`);
  reader = await person(`reader${tag}@ietlucknow.ac.in`);
  helper = await person(`helper${tag}@ietlucknow.ac.in`);
  firstMod = await person(`mod1${tag}@ietlucknow.ac.in`);
  secondMod = await person(`mod2${tag}@ietlucknow.ac.in`);
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence(
    'moderation',
    context.task.name,
    { author, reader, helper, firstMod, secondMod },
    server,
  );
});

afterAll(async () => {
  for (const who of [author, reader, helper, firstMod, secondMod]) await who?.browser.close();
  await server?.stop();
  await smtp?.close();
});

const signUp = (who: Person, username: string) => signUpNamed(who, server, smtp, password, username);

async function createPost(page: Page, title: string) {
  await page.goto(`${server.url}/create/post`);
  await page.getByLabel('Topic', { exact: true }).selectOption('dsa');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel('Description').fill('Written for the moderation journey.');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await toast(page, 'Successfully Posted!').waitFor();
  await page.waitForURL(`${server.url}/`);
}

/** Reports the post of `postPath` from its page's ⋯ menu. */
async function report(page: Page, reason: string) {
  await page.goto(`${server.url}${postPath}`);
  await page.getByRole('heading', { level: 1, name: reported }).waitFor();
  await page.getByRole('button', { name: 'Post menu' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report post' });
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  return dialog;
}

describe('reports, a mask, two moderators and a block in the browser', () => {
  it('three members and two moderators sign up; the author posts twice', async () => {
    await signUp(author, `author_${tag}`);
    await signUp(reader, `reader_${tag}`);
    await signUp(helper, `helper_${tag}`);
    await signUp(firstMod, moderatorNames[0] ?? '');
    await signUp(secondMod, moderatorNames[1] ?? '');
    await createPost(author.page, other);
    await createPost(author.page, reported);
    await author.page.goto(`${server.url}/`);
    await author.page.getByRole('link', { name: reported }).first().click();
    await author.page.waitForURL(/\/post\//);
    postPath = new URL(author.page.url()).pathname;
  });

  it('two readers report the post; the self-harm report shows the campus resources', async () => {
    await report(reader.page, 'Harassment or bullying');
    await toast(reader.page, 'Thanks, your report was sent').waitFor();
    await report(helper.page, 'Self-harm');
    // The dialog turns into the resources: named after its new heading.
    const dialog = helper.page.getByRole('dialog', { name: 'Report sent' });
    await dialog.getByText('Campus care line').waitFor();
    await expect(dialog.getByRole('link', { name: /\+91 522 000 0000/ }).getAttribute('href')).resolves.toBe(
      'tel:+91 522 000 0000'.replace(/ /g, ''),
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('the post is masked for readers, who may view it anyway, and its author sees a notice', async () => {
    const { page } = reader;
    await page.goto(`${server.url}/`);
    const masked = page.getByText('Hidden after reports').first();
    await masked.waitFor();
    expect(await page.getByRole('link', { name: reported }).count()).toBe(0);
    await page.getByRole('button', { name: 'View anyway' }).first().click();
    await page.getByRole('link', { name: reported }).first().waitFor();

    await author.page.goto(`${server.url}${postPath}`);
    await author.page.getByText('Hidden from others after several reports').waitFor();
  });

  it('the first moderator proposes removal and cannot confirm it alone', async () => {
    const { page } = firstMod;
    await page.goto(`${server.url}/mod`);
    await page.getByRole('heading', { level: 1, name: 'Moderation queue' }).waitFor();
    const item = page.getByRole('listitem').filter({ hasText: reported });
    await item.getByText('2 people reported it').waitFor();
    await item.getByRole('button', { name: 'Propose removal' }).click();
    await item.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await item.getByRole('button', { name: 'Send proposal' }).click();
    await toast(page, 'Removal proposed').waitFor();
    await item.getByText('Waiting for a second moderator').waitFor();
    await expect(item.getByRole('button', { name: 'Confirm removal' }).isDisabled()).resolves.toBe(true);
  });

  it('the second moderator confirms; the post is gone and the public log lists the removal', async () => {
    const { page } = secondMod;
    await page.goto(`${server.url}/mod`);
    const item = page.getByRole('listitem').filter({ hasText: reported });
    await item.getByText('Removal proposed: Harassment or bullying').waitFor();
    await item.getByRole('button', { name: 'Confirm removal' }).click();
    await toast(page, 'Removed.').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: reported }).count()).toBe(0);

    await reader.page.goto(`${server.url}${postPath}`);
    await reader.page
      .getByRole('heading', { level: 1, name: 'Removed by moderators: Harassment or bullying' })
      .waitFor();
    await reader.page.goto(`${server.url}/`);
    await reader.page.getByRole('link', { name: other }).first().waitFor();
    expect(await reader.page.getByText(reported).count()).toBe(0);

    await helper.page.goto(`${server.url}/mod/log`);
    await helper.page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
    await helper.page.getByText('Harassment or bullying').first().waitFor();
    expect(await helper.page.getByText(reported).count()).toBe(0);
  });

  it('the author is told of the removal', async () => {
    const { page } = author;
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: /notifications/i }).click();
    await page.getByText('Removed by moderators: Harassment or bullying').first().waitFor();
  });

  it('a reader blocks the author from their post; the author’s posts leave the reader’s feed', async () => {
    const { page } = reader;
    await page.goto(`${server.url}/`);
    const card = page.getByRole('article').filter({ hasText: other });
    await card.getByRole('button', { name: 'Post menu' }).click();
    await page.getByRole('menuitem', { name: `Block u/${author.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Block u/${author.username}?` });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, `You blocked ${author.username}`).waitFor();
    expect(await page.getByRole('article').filter({ hasText: other }).count()).toBe(0);
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Quad home' }).waitFor();
    expect(await page.getByText(other).count()).toBe(0);

    await page.goto(`${server.url}/setting/`);
    await page.getByRole('button', { name: `Unblock u/${author.username}` }).click();
    await toast(page, `You unblocked ${author.username}`).waitFor();
  });
});
