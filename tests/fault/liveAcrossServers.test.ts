/**
 * Live updates across server processes (issue 20, DESIGN.md §6): A's browser on one process, B's on
 * another, one PostgreSQL. B's upvote and reply reach A's open post page within a second through
 * LISTEN/NOTIFY (liveJourney.ts); after PostgreSQL restarts, the processes listen again and a later
 * vote still reaches A's page without a reload.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { keepEvidence, type Person, person, signUpNamed } from '../support/e2ePeople.ts';
import { LIVE_WITHIN_MS, liveJourney, privateRoomJourney } from '../support/liveJourney.ts';
import { type PostgresControl, postgresControl } from '../support/postgresControl.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';
import { createDatabase } from '../support/testApp.ts';

const password = 'Live#pass1234';
const tag = randomBytes(3).toString('hex');

let pg: PostgresControl;
let smtp: SmtpCapture;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let servers: RunningServer[] = [];
let a: Person;
let b: Person;

beforeAll(async () => {
  pg = postgresControl();
  smtp = await startSmtpCapture();
  database = await createDatabase(process.env.DATABASE_URL ?? '');
  const env = {
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Quad <no-reply@quad.test>',
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
  [a, b] = await Promise.all([
    person(`livea${tag}@ietlucknow.ac.in`),
    person(`liveb${tag}@ietlucknow.ac.in`),
  ]);
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('live-across', context.task.name, { a, b }, servers[0]);
  console.error(servers[1]?.output().slice(-4000));
});

afterAll(async () => {
  try {
    await pg?.ensureRunning();
  } finally {
    await a?.browser.close();
    await b?.browser.close();
    await Promise.all(servers.map((server) => server.stop()));
    await smtp?.close();
    await database?.drop();
  }
});

const serverOf = (i: number): RunningServer => {
  const server = servers[i];
  if (!server) throw new Error(`no server ${i + 1}`);
  return server;
};
const postCard = (page: Page) => page.getByRole('article').first();

describe('live updates across two server processes on PostgreSQL', () => {
  it("B's upvote and reply on process 2 reach A's page on process 1 within a second", async () => {
    await signUpNamed(a, serverOf(0), smtp, password, `livea_${tag}`);
    await signUpNamed(b, serverOf(1), smtp, password, `liveb_${tag}`);
    await liveJourney({ a, b, serverA: serverOf(0), serverB: serverOf(1) });
  });

  it("a private room's post: its owner on process 1 hears a vote, B on process 2 (not a member) nothing", async () => {
    await privateRoomJourney({ a, b, serverA: serverOf(0), serverB: serverOf(1) });
  });

  it('listens again after PostgreSQL restarts: a later vote still reaches the open page', async () => {
    await pg.restart();
    // B takes the upvote back once the database answers again; A's page follows without a reload.
    const card = postCard(b.page);
    const unvote = card.getByRole('button', { name: 'Upvote (1)', pressed: true });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const answer = b.page.waitForResponse((res) => res.url().endsWith('/api/posts/vote'));
      await unvote.click();
      if ((await answer).status() === 201) break;
      await b.page.waitForTimeout(500);
    }
    await postCard(a.page)
      .getByRole('button', { name: 'Upvote (0)' })
      .waitFor({ timeout: 10 * LIVE_WITHIN_MS });
  });
});
