/**
 * An appeal in Debian's Chromium against the real server (docs/moderation.md "Appeals"): the author
 * posts; a reader reports it and two moderators remove it (over HTTP: moderation.test.ts walks those
 * screens); the author appeals from the removal's notice and, after a reload, the notice still says
 * the appeal was sent and offers no Appeal; a third moderator, who took no part, restores the post
 * from /mod; the author is told, the notice says the answer, the post is back and the public log
 * shows "restored" beside the removal.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPEALS } from '../../src/domain/appeals.ts';
import { keepEvidence, type Person, person, signUpNamed, toast } from '../support/e2ePeople.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';
import { signUp as signUpOverHttp, WebSession } from '../support/webSession.ts';

const password = 'Appeal#pass12';
const tag = randomBytes(3).toString('hex');
const title = `Selling my old DSA notes ${tag}`;
const words = 'These are my own notes, offered to classmates for free: not spam.';
const moderatorNames = [`appone_${tag}`, `apptwo_${tag}`, `appthree_${tag}`];
const removedTitle = 'Removed by moderators: Spam';

let smtp: SmtpCapture;
let server: RunningServer;
let author: Person;
let decider: Person;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Quad <no-reply@quad.test>',
    MODERATORS: moderatorNames.join(','),
  });
  author = await person(`appealer${tag}@ietlucknow.ac.in`);
  decider = await person(`appmod3${tag}@ietlucknow.ac.in`);
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('appeals', context.task.name, { author, decider }, server);
});

afterAll(async () => {
  for (const who of [author, decider]) await who?.browser.close();
  await server?.stop();
  await smtp?.close();
});

/** Someone who acts over HTTP only, signed up under `username`. */
async function overHttp(username: string): Promise<WebSession> {
  const session = new WebSession(server.url);
  await signUpOverHttp(session, smtp, { email: `${username}@ietlucknow.ac.in`, username, password });
  return session;
}

async function expectOk(answer: Promise<{ status: number; text: string }>, step: string) {
  const { status, text } = await answer;
  expect(status, `${step}: ${text.slice(0, 300)}`).toBeLessThan(300);
}

/** The bell's panel, opened. */
async function openPanel(page: Page) {
  await page.getByRole('button', { name: /notifications/i }).click();
  return page.getByRole('dialog', { name: 'Notifications' });
}

describe('an appeal in the browser', () => {
  it('the author appeals a removal once; a moderator who took no part restores the post', async () => {
    await signUpNamed(author, server, smtp, password, `appealer_${tag}`);
    const { page } = author;
    await page.goto(`${server.url}/create/post`);
    await page.getByLabel('Topic', { exact: true }).selectOption('dsa');
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel('Description').fill('Message me for the PDF.');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await toast(page, 'Successfully Posted!').waitFor();

    // A reader reports it, one moderator proposes its removal and another confirms it.
    const [reader, proposer, confirmer] = await Promise.all([
      overHttp(`appreader_${tag}`),
      overHttp(moderatorNames[0] ?? ''),
      overHttp(moderatorNames[1] ?? ''),
    ]);
    const feed = (await reader.get('posts/getPost?offset=0&limit=15')).json<{
      posts: { id: string; title: string }[];
    }>();
    const id = feed.posts.find((post) => post.title === title)?.id ?? '';
    expect(id, 'the post is in the feed').not.toBe('');
    await expectOk(reader.post('reports', { kind: 'post', id, reason: 'spam' }), 'report');
    await expectOk(proposer.post('mod/propose', { kind: 'post', id, rule: 'spam' }), 'propose');
    await expectOk(confirmer.post('mod/confirm', { kind: 'post', id }), 'confirm');

    // The author appeals from the removal's notice.
    await page.goto(`${server.url}/`);
    let panel = await openPanel(page);
    await panel.getByText(removedTitle).waitFor();
    await panel.getByRole('button', { name: `${APPEALS.action}: ${title}` }).click();
    const form = panel.getByRole('form', { name: APPEALS.formTitle });
    await form.getByRole('textbox', { name: APPEALS.textLabel }).fill(words);
    await form.getByRole('button', { name: APPEALS.send }).click();
    await panel.getByText(APPEALS.sent).waitFor();
    expect(await panel.getByRole('button', { name: /^Appeal/ }).count()).toBe(0);

    // After a reload the notice says the same, and offers no second appeal.
    await page.reload();
    panel = await openPanel(page);
    await panel.getByText(removedTitle).waitFor();
    await panel.getByText(APPEALS.sent).waitFor();
    expect(await panel.getByRole('button', { name: /^Appeal/ }).count()).toBe(0);

    // A third moderator, who took no part in the removal, restores it from /mod.
    await signUpNamed(decider, server, smtp, password, moderatorNames[2] ?? '');
    await decider.page.goto(`${server.url}/mod`);
    const appeals = decider.page.getByRole('list', { name: APPEALS.heading });
    const card = appeals.getByRole('listitem').filter({ hasText: title });
    await card.getByText(words).waitFor();
    await card.getByRole('button', { name: APPEALS.restore }).click();
    await toast(decider.page, APPEALS.restoredMsg).waitFor();

    // The author is told (live, in the open panel), and the notice says the answer.
    await panel.getByText(APPEALS.noticeTitle('restored')).waitFor();
    await panel.getByText(APPEALS.answered('restored')).waitFor();
    await page.goto(`${server.url}/post/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // The public log keeps the removal, with its appeal's answer beside it.
    await page.goto(`${server.url}/mod/log`);
    const removals = page.getByRole('list', { name: 'Removals' }).getByRole('listitem');
    await removals.filter({ hasText: `${APPEALS.appealLabel} ${APPEALS.outcome.restored}` }).waitFor();
    expect(await removals.count()).toBe(1);
  });
});
