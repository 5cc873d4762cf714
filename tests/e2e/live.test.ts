/**
 * Live updates in Debian's Chromium against one real server (issue 20): B upvotes and replies to A's
 * post, and A's count, bell and thread follow within a second without a reload (liveJourney.ts). The
 * same journey across two server processes on PostgreSQL is tests/fault/liveAcrossServers.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { keepEvidence, type Person, person, signUpNamed } from '../support/e2ePeople.ts';
import { liveJourney, privateRoomJourney } from '../support/liveJourney.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';

const password = 'Live#pass1234';
const tag = randomBytes(3).toString('hex');

let smtp: SmtpCapture;
let server: RunningServer;
let a: Person;
let b: Person;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Quad <no-reply@quad.test>' });
  [a, b] = await Promise.all([
    person(`livea${tag}@ietlucknow.ac.in`),
    person(`liveb${tag}@ietlucknow.ac.in`),
  ]);
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await keepEvidence('live', context.task.name, { a, b }, server);
});

afterAll(async () => {
  await a?.browser.close();
  await b?.browser.close();
  await server?.stop();
  await smtp?.close();
});

describe('live updates in the browser', () => {
  it("B's upvote and reply reach A's open post page within a second, without a reload", async () => {
    await signUpNamed(a, server, smtp, password, `livea_${tag}`);
    await signUpNamed(b, server, smtp, password, `liveb_${tag}`);
    await liveJourney({ a, b, serverA: server, serverB: server });
  });

  it("a private room's post: its owner hears a vote on it, B (not a member) hears nothing", async () => {
    await privateRoomJourney({ a, b, serverA: server, serverB: server });
  });
});
