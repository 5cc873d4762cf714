/**
 * The scale-out step: two server processes behind haproxy on the bench's PostgreSQL (uploads on a
 * real S3 server), bench accounts writing through haproxy, and PostgreSQL restarted in the middle
 * (pg_ctl restart -m fast). Reports what the writers saw around the fault and how long the service
 * took to write again once the database was back. The harness is the fault suite's (tests/support).
 * Skipped, with the reason, on PGlite or without haproxy and pg_ctl (scripts/with-postgres has both).
 */
import { haproxyPath } from '../../tests/support/haproxy.ts';
import { postgresControl, postgresControlMissing } from '../../tests/support/postgresControl.ts';
import { startScaleOutRig } from '../../tests/support/scaleOutRig.ts';
import { signIn, WebSession } from '../../tests/support/webSession.ts';
import { missingWrites, underWriteLoad, type Writer } from '../../tests/support/writeLoad.ts';
import { BENCH_PASSWORD } from './campus.ts';
import type { BenchAccount } from './fixtures.ts';

const WRITERS = 16;

export type ScaleOutResult =
  | { skipped: string }
  | {
      processes: number;
      writers: number;
      fault: string;
      /** How long the load ran: from before the restart to 2 s after the service wrote again. */
      loadSeconds: number;
      requests: number;
      statuses: Record<string, number>;
      /** No answer within 15 s, or the connection cut. */
      unanswered: number;
      /** 5xx other than 503. */
      serverErrors: number;
      /** From pg_ctl restart returning to the first acknowledged write (polled every 100 ms). */
      recoveryMs: number;
      acknowledgedWrites: number;
      missingWrites: number;
      processExits: number;
      /** Processes still running 10 s after SIGTERM, once the fault was over. */
      shutdownHangs: number;
    };

/** Why the step cannot run here, or undefined. */
export function scaleOutMissing(): string | undefined {
  if (!haproxyPath()) return 'haproxy is not installed (apt-get install haproxy)';
  return postgresControlMissing();
}

async function signedIn(base: string, account: BenchAccount): Promise<Writer> {
  const session = new WebSession(base);
  await signIn(session, { email: account.email, password: BENCH_PASSWORD });
  return { session, userId: account.id };
}

/** `dataDir`: the bench's data folder, whose secret.key keyed the bench accounts' e-mail hashes. */
export async function measureScaleOut(
  databaseUrl: string,
  dataDir: string,
  accounts: BenchAccount[],
): Promise<ScaleOutResult> {
  const missing = scaleOutMissing();
  if (missing) return { skipped: missing };
  const pg = postgresControl();
  // Its servers start with the request-rate limit off (startServer): the bench measures faults here.
  const rig = await startScaleOutRig({ DATABASE_URL: databaseUrl }, { sharedDataDir: dataDir });
  try {
    const [proberAccount, ...writerAccounts] = accounts.slice(0, WRITERS + 1);
    if (!proberAccount) throw new Error('no bench accounts to write with');
    const prober = await signedIn(rig.balancer.url, proberAccount);
    const writers: Writer[] = [];
    for (const account of writerAccounts) writers.push(await signedIn(rig.balancer.url, account));
    const { report, recoveryMs, loadMs } = await underWriteLoad(writers, prober.session, () => pg.restart());
    const { posts, comments, votes } = report.acknowledged;
    const lost = await missingWrites(databaseUrl, report.acknowledged);
    const processExits = rig.exits().length;
    const shutdownHangs = (await rig.stopServers()).length;
    return {
      processes: rig.servers.length,
      writers: writers.length,
      fault: 'pg_ctl restart -m fast',
      loadSeconds: Number((loadMs / 1000).toFixed(1)),
      requests: report.requests,
      statuses: report.statuses,
      unanswered: report.unanswered.count,
      serverErrors: report.serverErrors.count,
      recoveryMs,
      acknowledgedWrites: posts.length + comments.length + votes.length,
      missingWrites: lost.posts.length + lost.comments.length + lost.votes.length,
      processExits,
      shutdownHangs,
    };
  } finally {
    await pg.ensureRunning();
    await rig.stop();
  }
}

/** The step's line of the report. */
export function scaleOutSummary(r: ScaleOutResult): string {
  if ('skipped' in r) return `Scale-out: skipped (${r.skipped}).`;
  return (
    `Scale-out: ${r.processes} processes behind haproxy, ${r.writers} writers, ${r.fault} under the load: ` +
    `${r.requests} requests in ${r.loadSeconds} s (statuses ${JSON.stringify(r.statuses)}), ` +
    `${r.unanswered} unanswered, ${r.serverErrors} 5xx other than 503, writing again ${r.recoveryMs} ms after ` +
    `the database was back; ${r.acknowledgedWrites} writes acknowledged, ${r.missingWrites} missing; ` +
    `${r.processExits} server processes exited, ${r.shutdownHangs} ignored SIGTERM afterwards.`
  );
}

/** Whether the service failed the fault: anything lost or unanswered, a 5xx but 503, a process gone or stuck. */
export const scaleOutFailed = (r: ScaleOutResult) =>
  !('skipped' in r) && r.unanswered + r.serverErrors + r.missingWrites + r.processExits + r.shutdownHangs > 0;
