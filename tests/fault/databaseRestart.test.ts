/**
 * The database going away is an ordinary event (DESIGN.md §6, docs/operations.md): two server
 * processes behind haproxy on one PostgreSQL and one bucket, sixteen signed-in writers, and
 * PostgreSQL restarted (pg_ctl restart -m fast), then stopped for 10 s and started again. No process
 * may exit, no request go unanswered, no answer be a 5xx other than 503; the service must write
 * again within 2 s of the database being back, every acknowledged write must still be there, and
 * the processes must still shut down on SIGTERM afterwards.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PostgresControl, postgresControl } from '../support/postgresControl.ts';
import { type ScaleOutRig, startScaleOutRig } from '../support/scaleOutRig.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';
import { COLLEGE_DOMAIN, createDatabase } from '../support/testApp.ts';
import { type FaultOutcome, underWriteLoad } from '../support/writeLoad.ts';
import { type Person, signUpPeople, signUpPerson } from './people.ts';
import { expectSurvived } from './survival.ts';

const WRITERS = 16;
const OUTAGE_MS = 10_000;

describe('PostgreSQL restarted and stopped under a write load, two servers behind haproxy', () => {
  let pg: PostgresControl;
  let smtp: SmtpCapture;
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let rig: ScaleOutRig;
  let writers: Person[];
  let prober: Person;

  beforeAll(async () => {
    pg = postgresControl();
    smtp = await startSmtpCapture();
    database = await createDatabase(process.env.DATABASE_URL ?? '');
    rig = await startScaleOutRig({ DATABASE_URL: database.url, SMTP_URL: smtp.url, COLLEGE_DOMAIN });
    prober = await signUpPerson(rig.balancer.url, smtp);
    writers = await signUpPeople(rig.balancer.url, smtp, WRITERS);
  });

  afterAll(async () => {
    try {
      await pg?.ensureRunning();
    } finally {
      await rig?.stop();
      await smtp?.close();
      await database?.drop();
    }
  });

  // A fault that ended a server process must not decide the next test's result too.
  let exitsBefore = 0;
  beforeEach(async () => {
    await rig.revive();
    exitsBefore = rig.exits().length;
  });

  const survived = (outcome: FaultOutcome) =>
    expectSurvived(outcome, { exits: rig.exits().slice(exitsBefore), databaseUrl: database?.url ?? '' });

  it('rides out pg_ctl restart -m fast', async () => {
    await survived(await underWriteLoad(writers, prober.session, () => pg.restart()));
  });

  it('answers 503 while PostgreSQL is stopped for 10 s, and writes again once it is started', async () => {
    const outcome = await underWriteLoad(writers, prober.session, async () => {
      await pg.stop();
      try {
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      } finally {
        await pg.start();
      }
    });
    expect.soft(outcome.report.statuses[503] ?? 0, '503 answers during the outage').toBeGreaterThan(0);
    await survived(outcome);
  });

  it('shuts down on SIGTERM within 10 s once the faults are over', async () => {
    expect(await rig.stopServers(), 'server processes still running 10 s after SIGTERM').toEqual([]);
  });
});
