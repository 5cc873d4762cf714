/**
 * The SQL a scenario's service call sends: the call is run a few times, each as a random bench account
 * with the scenario's random parameters, while every statement reaching the driver is recorded (text
 * and parameter values, in order). On PostgreSQL the calls go through services of their own, on a
 * one-connection pg Pool whose connections record; on PGlite the client's `query` is wrapped while a
 * capture runs (Drizzle calls it for every statement).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../server/db/schema.ts';
import type { Services } from '../../server/routes.ts';
import type { BenchDatabase } from './database.ts';
import { type Fixtures, pickOne } from './fixtures.ts';
import { inProcessServices } from './raw.ts';
import type { Scenario } from './scenarios.ts';

export interface Statement {
  text: string;
  values: unknown[];
}

/** The statements of one service call, in the order they were sent. */
export type CapturedCall = Statement[];

export interface SqlCapture {
  /** The statements of `count` calls of the scenario, each as a random bench account. */
  calls(scenario: Scenario, fixtures: Fixtures, count: number): Promise<CapturedCall[]>;
  close(): Promise<void>;
}

/** pg's `query(textOrConfig, values?, callback?)`, and PGlite's `query(text, params?, options?)`. */
function statementOf(first: unknown, second: unknown): Statement {
  const config =
    typeof first === 'string' ? { text: first } : (first as { text: string; values?: unknown[] });
  const values = Array.isArray(second) ? second : (config.values ?? []);
  return { text: config.text, values: [...values] };
}

/** Services whose statements are recorded into `into()` while it is not null. */
function recordingServices(
  database: BenchDatabase,
  into: () => Statement[] | null,
): { services: Services; start(): void; stop(): void; close(): Promise<void> } {
  const { handle } = database;
  if (handle.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: handle.url, max: 1 });
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        into()?.push(statementOf(args[0], args[1]));
        return query(...args);
      }) as typeof client.query;
    });
    const services = inProcessServices(database, drizzle({ client: pool, schema }));
    return { services, start: () => undefined, stop: () => undefined, close: () => pool.end() };
  }
  // PGlite: the client's `query` records only while a capture runs (the raw rate is measured without).
  const client = handle.client;
  const query = client.query.bind(client);
  return {
    services: inProcessServices(database),
    start() {
      client.query = ((text, params, options) => {
        into()?.push(statementOf(text, params));
        return query(text, params, options);
      }) as typeof client.query;
    },
    stop() {
      // Without the instance property, `query` is the class's own method again.
      Reflect.deleteProperty(client, 'query');
    },
    close: async () => undefined,
  };
}

export function openCapture(database: BenchDatabase): SqlCapture {
  let recording: Statement[] | null = null;
  const recorder = recordingServices(database, () => recording);
  return {
    async calls(scenario, fixtures, count) {
      const calls: CapturedCall[] = [];
      recorder.start();
      try {
        for (let n = 0; n < count; n += 1) {
          const call: Statement[] = [];
          recording = call;
          await scenario.raw(recorder.services, fixtures, pickOne(fixtures.accounts));
          calls.push(call);
        }
      } finally {
        recording = null;
        recorder.stop();
      }
      return calls;
    },
    close: () => recorder.close(),
  };
}
