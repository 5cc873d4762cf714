/**
 * The scenarios, layer by layer. First in this process, before the server starts (PGlite admits one
 * process): the service call (raw) and, for reads, its SQL captured and replayed through the plain
 * driver and pgbench. Then each scenario over HTTP. A layer that throws leaves its scenario failed,
 * with the reason, and the run goes on.
 */
import type { BenchOptions } from './campus.ts';
import type { BenchDatabase } from './database.ts';
import type { Fixtures } from './fixtures.ts';
import type { HttpRate } from './http.ts';
import { pgbenchPath, pgbenchRate } from './pgbench.ts';
import { inProcessServices, type Rate, rawRate } from './raw.ts';
import { type ScenarioResult, type SqlLayers, verdictOf } from './report.ts';
import type { Scenario } from './scenarios.ts';
import { openCapture, type SqlCapture } from './sqlCapture.ts';
import { driverRate, type PlainDriver, plainDriver } from './sqlDriver.ts';

/** Service calls whose SQL is captured per read scenario. */
const CAPTURED_CALLS = 8;

export const warmup = (seconds: number) => Math.max(1, Math.min(3, Math.round(seconds / 4)));

/** The first line of an error's message. */
export const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** What this process measured of a scenario, and the layers that failed (`layer: reason`). */
export interface InProcess {
  raw?: Rate;
  sql?: SqlLayers;
  failed: string[];
}

/**
 * Runs `measure`; when it throws, notes `label: reason` among the failures, prints the error (naming
 * `context` when given) and answers undefined.
 */
export async function attempt<T>(
  failures: string[],
  label: string,
  measure: () => Promise<T>,
  context = '',
): Promise<T | undefined> {
  try {
    return await measure();
  } catch (error) {
    failures.push(`${label}: ${reason(error)}`);
    console.error(`${context}${label} failed:`, error);
    return undefined;
  }
}

interface SqlRig {
  database: BenchDatabase;
  capture: SqlCapture;
  driver: PlainDriver;
  pgbench: string | undefined;
}

async function sqlLayers(
  rig: SqlRig,
  scenario: Scenario,
  fixtures: Fixtures,
  { connections, durationSeconds: seconds }: BenchOptions,
): Promise<SqlLayers> {
  const calls = await rig.capture.calls(scenario, fixtures, CAPTURED_CALLS);
  const driver = await driverRate(rig.driver, calls, connections, seconds, warmup(seconds));
  const layers = {
    statements: calls.reduce((sum, call) => sum + call.length, 0) / calls.length,
    captured: calls.length,
    driver,
  };
  const { handle } = rig.database;
  if (handle.kind === 'pglite')
    return {
      ...layers,
      pgbench: null,
      pgbenchSkipped: 'PGlite runs inside the bench: no server for pgbench',
    };
  if (!rig.pgbench)
    return {
      ...layers,
      pgbench: null,
      pgbenchSkipped: 'pgbench is not installed (/usr/lib/postgresql/*/bin)',
    };
  return { ...layers, pgbench: await pgbenchRate(rig.pgbench, handle.url, calls, seconds) };
}

export async function measureInProcess(
  database: BenchDatabase,
  fixtures: Fixtures,
  scenarios: Scenario[],
  options: BenchOptions,
): Promise<Map<string, InProcess>> {
  const { connections, durationSeconds: seconds } = options;
  const services = inProcessServices(database);
  const rig: SqlRig = {
    database,
    capture: openCapture(database),
    driver: plainDriver(database.handle),
    pgbench: pgbenchPath(),
  };
  const measured = new Map<string, InProcess>();
  try {
    for (const scenario of scenarios) {
      const failed: string[] = [];
      const raw = await attempt(
        failed,
        'raw',
        () => rawRate(scenario, services, fixtures, connections, seconds, warmup(seconds)),
        `${scenario.name}: `,
      );
      if (raw)
        console.log(`raw  ${scenario.name}: ${raw.rps.toFixed(0)} req/s, p99 ${raw.p99.toFixed(1)} ms`);
      const sql =
        scenario.kind === 'read'
          ? await attempt(
              failed,
              'sql',
              () => sqlLayers(rig, scenario, fixtures, options),
              `${scenario.name}: `,
            )
          : undefined;
      if (sql)
        console.log(
          `sql  ${scenario.name}: ${sql.statements} statements, driver ${sql.driver.rps.toFixed(0)} req/s, ` +
            `pgbench ${sql.pgbench ? `${sql.pgbench.tps.toFixed(0)} tps` : `n/a (${sql.pgbenchSkipped})`}`,
        );
      measured.set(scenario.name, { raw, sql, failed });
    }
  } finally {
    await rig.driver.close();
    await rig.capture.close();
  }
  return measured;
}

const rateRatio = (a: Rate | undefined, b: Rate | undefined) =>
  a && b && b.rps > 0 ? a.rps / b.rps : undefined;

/**
 * Each scenario over HTTP (`http` measures one, or throws when it cannot), joined with what this
 * process measured of it.
 */
export async function scenarioResults(
  scenarios: Scenario[],
  measured: Map<string, InProcess>,
  http: (scenario: Scenario) => Promise<HttpRate>,
  connections: number,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const { raw, sql, failed } = measured.get(scenario.name) ?? { failed: ['not measured in process'] };
    const allFailed = [...failed];
    const rate = await attempt(allFailed, 'http', () => http(scenario), `${scenario.name}: `);
    const result = {
      name: scenario.name,
      kind: scenario.kind,
      http: rate,
      raw,
      sql,
      ratio: rateRatio(rate, raw),
      httpToSql: rateRatio(rate, sql?.driver),
      serviceToSql: rateRatio(raw, sql?.driver),
      failed: allFailed.length > 0 ? allFailed.join('; ') : undefined,
    };
    const verdict = verdictOf(result, connections);
    if (rate) {
      console.log(`http ${scenario.name}: ${rate.rps.toFixed(0)} req/s, p99 ${rate.p99} ms, ${verdict}`);
      if (rate.non2xx > 0) console.log(`  statuses: ${JSON.stringify(rate.statuses)}`);
    }
    results.push({ ...result, verdict });
  }
  return results;
}

/** Whether a scenario failed: a layer threw, or HTTP saw errors or non-2xx answers. */
export const scenarioFailed = (s: ScenarioResult) =>
  s.failed !== undefined || (s.http !== undefined && s.http.errors + s.http.non2xx > 0);
