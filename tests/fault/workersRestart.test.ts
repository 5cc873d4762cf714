/**
 * WEB_CONCURRENCY=2: one server process whose two cluster workers share its port, and PostgreSQL
 * restarted under a write load sent straight to it. The workers keep running (none dies and is
 * replaced), every request is answered, no 5xx but 503, the service writes again within 2 s, and
 * it still shuts down on SIGTERM afterwards.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresControl, postgresControl } from '../support/postgresControl.ts';
import { type RunningServer, startServer } from '../support/serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from '../support/smtpCapture.ts';
import { COLLEGE_DOMAIN, createDatabase } from '../support/testApp.ts';
import { underWriteLoad } from '../support/writeLoad.ts';
import { type Person, signUpPeople, signUpPerson } from './people.ts';
import { expectSurvived } from './survival.ts';

const WRITERS = 8;
const SHUTDOWN_GRACE_MS = 10_000;

describe('PostgreSQL restarted under a write load to WEB_CONCURRENCY=2', () => {
  let pg: PostgresControl;
  let smtp: SmtpCapture;
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let server: RunningServer;
  let writers: Person[];
  let prober: Person;
  /** The cluster primary's exit, if it came. */
  const exits: string[] = [];

  beforeAll(async () => {
    pg = postgresControl();
    smtp = await startSmtpCapture();
    database = await createDatabase(process.env.DATABASE_URL ?? '');
    server = await startServer({
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      COLLEGE_DOMAIN,
      WEB_CONCURRENCY: '2',
    });
    void server.exited.then(({ code, signal }) =>
      exits.push(
        `the cluster primary exited (code ${code}, signal ${signal}):\n${server.output().slice(-3000)}`,
      ),
    );
    prober = await signUpPerson(server.url, smtp);
    writers = await signUpPeople(server.url, smtp, WRITERS);
  });

  afterAll(async () => {
    try {
      await pg?.ensureRunning();
    } finally {
      await server?.stopWithin(SHUTDOWN_GRACE_MS);
      await smtp?.close();
      await database?.drop();
    }
  });

  it('keeps both workers and answers every request through pg_ctl restart -m fast', async () => {
    const outcome = await underWriteLoad(writers, prober.session, () => pg.restart());
    const replaced = server.output().match(/.*worker died; starting another.*/g) ?? [];
    expect.soft(replaced, 'workers that died and were replaced').toEqual([]);
    await expectSurvived(outcome, { exits: [...exits], databaseUrl: database?.url ?? '' });
  });

  it('shuts down on SIGTERM within 10 s after the restart', async () => {
    const graceful = await server.stopWithin(SHUTDOWN_GRACE_MS);
    expect(graceful, `still running 10 s after SIGTERM:\n${server.output().slice(-3000)}`).toBe(true);
  });
});
