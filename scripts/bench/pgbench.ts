/**
 * The database layer: Debian's pgbench (the newest installed, as scripts/with-postgres picks its
 * bindir) replaying the captured calls on PostgreSQL, one script a call, as prepared statements on
 * as many connections as the server's pool. Each parameter is a pgbench variable given with `-D`
 * (pgbench has no null variable: a null is written into the text as NULL).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POOL_LIMITS } from '../../server/db/client.ts';
import type { CapturedCall } from './sqlCapture.ts';

export interface PgbenchRate {
  tps: number;
  latencyMs: number;
}

const POSTGRES_LIB = '/usr/lib/postgresql';

/** The newest installed pgbench, or undefined. */
export function pgbenchPath(): string | undefined {
  if (!existsSync(POSTGRES_LIB)) return undefined;
  return readdirSync(POSTGRES_LIB)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .reverse()
    .map((version) => join(POSTGRES_LIB, version, 'bin', 'pgbench'))
    .find((path) => existsSync(path));
}

/** A parameter as PostgreSQL text, the way pg sends it (null stays null). */
export function pgText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function arrayElement(value: unknown): string {
  const text = pgText(value);
  if (text === null) return 'NULL';
  if (Array.isArray(value)) return text;
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** One script a call (its statements in order), and the `name=value` of every variable they use. */
export function pgbenchScripts(calls: CapturedCall[]): { scripts: string[]; variables: string[] } {
  const variables = new Map<string, string>();
  const scripts = calls.map((call, c) =>
    call
      .map((statement, s) => {
        const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => {
          const value = pgText(statement.values[Number(n) - 1]);
          if (value === null) return 'NULL';
          const name = `c${c}s${s}p${n}`;
          variables.set(name, value);
          return `:${name}`;
        });
        return `${text};\n`;
      })
      .join(''),
  );
  return { scripts, variables: [...variables].map(([name, value]) => `${name}=${value}`) };
}

/** The pgbench running now and its scripts' folder: killed and removed when the bench is interrupted. */
let running: ChildProcess | null = null;
let scriptDir: string | null = null;

export const killPgbench = (): void => {
  running?.kill('SIGKILL');
  if (scriptDir) rmSync(scriptDir, { recursive: true, force: true });
};

function run(path: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running = child;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      running = null;
      if (code === 0) resolve(output);
      else reject(new Error(`pgbench ended with ${signal ?? `code ${code}`}: ${output.trim().slice(-600)}`));
    });
  });
}

function figure(output: string, pattern: RegExp): number {
  const value = Number(pattern.exec(output)?.[1]);
  if (!Number.isFinite(value)) throw new Error(`pgbench printed no ${pattern.source}: ${output.slice(-600)}`);
  return value;
}

/** pgbench on `url` for `seconds` (whole), the calls weighted equally. */
export async function pgbenchRate(
  path: string,
  url: string,
  calls: CapturedCall[],
  seconds: number,
): Promise<PgbenchRate> {
  const dir = mkdtempSync(join(tmpdir(), 'quad-pgbench-'));
  scriptDir = dir;
  try {
    const { scripts, variables } = pgbenchScripts(calls);
    const files = scripts.map((script, n) => {
      const file = join(dir, `call${n}.sql`);
      writeFileSync(file, script);
      return file;
    });
    const clients = String(POOL_LIMITS.max);
    const output = await run(path, [
      ...['-n', '-M', 'prepared', '-c', clients, '-j', '2', '-T', String(Math.max(1, Math.round(seconds)))],
      ...files.flatMap((file) => ['-f', `${file}@1`]),
      ...variables.flatMap((variable) => ['-D', variable]),
      url,
    ]);
    return {
      tps: figure(output, /tps = ([\d.]+) \(without initial connection time\)/),
      latencyMs: figure(output, /latency average = ([\d.]+) ms/),
    };
  } finally {
    scriptDir = null;
    rmSync(dir, { recursive: true, force: true });
  }
}
