/** What the service must have done through a fault under the write load (underWriteLoad). */
import { expect } from 'vitest';
import { type FaultOutcome, missingWrites } from '../support/writeLoad.ts';

/** The requirement, 2 s from the database being back, plus one 100 ms poll and its request. */
const RECOVERY_LIMIT_MS = 2_000 + 250;
const none = { count: 0, samples: [] };

/**
 * No process exited, every request was answered, no 5xx but 503 (and the app's 503s say when to
 * retry), service back in time, and every acknowledged write still in the database.
 */
export async function expectSurvived(
  { report, recoveryMs }: FaultOutcome,
  { exits, databaseUrl }: { exits: string[]; databaseUrl: string },
): Promise<void> {
  const { posts, comments, votes } = report.acknowledged;
  console.log(
    `${report.requests} requests, statuses ${JSON.stringify(report.statuses)}; acknowledged ` +
      `${posts.length} posts, ${comments.length} comments, ${votes.length} votes; ` +
      `writing again ${recoveryMs} ms after the database was back`,
  );
  expect.soft(exits, 'server processes that exited').toEqual([]);
  expect.soft(report.unanswered, 'requests without an answer within 15 s').toEqual(none);
  expect.soft(report.serverErrors, '5xx answers other than 503').toEqual(none);
  expect.soft(report.unhelpful503, "the app's 503s without Retry-After or { msg }").toEqual(none);
  expect.soft(report.unexpected, 'answers neither a success nor a 503').toEqual(none);
  expect.soft(recoveryMs, 'ms from the database back to a write succeeding').toBeLessThan(RECOVERY_LIMIT_MS);
  expect(posts.length, 'acknowledged posts').toBeGreaterThan(0);
  expect(await missingWrites(databaseUrl, report.acknowledged), 'acknowledged writes now missing').toEqual({
    posts: [],
    comments: [],
    votes: [],
  });
}
