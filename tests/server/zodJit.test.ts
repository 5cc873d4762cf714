/**
 * zod compiles its parsers on the server (server/zodSetup.ts), though the browser's
 * src/domain/zodSetup.ts turns that off: a fresh Node process loads the server as `npm start` does
 * (server/main.ts's imports), builds the app and answers requests whose parameters and bodies go
 * through zod schemas, with `Function` watched from the first line. Every `new Function` made by zod
 * (its probe when the first object schema is made, then a compiled parser) is counted. The browser's
 * side, no code generation under the content security policy, is tests/e2e/contract.test.ts's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const moduleUrl = (path: string) => JSON.stringify(pathToFileURL(join(root, path)).href);

const probe = `
const zodCalls = [];
const watch = (target, args, newTarget) => {
  const stack = new Error().stack ?? '';
  if (/[\\\\/]zod[\\\\/]/.test(stack)) zodCalls.push(stack);
  return newTarget ? Reflect.construct(target, args, newTarget) : Reflect.apply(target, undefined, args);
};
globalThis.Function = new Proxy(Function, {
  construct: (target, args, newTarget) => watch(target, args, newTarget),
  apply: (target, _this, args) => watch(target, args),
});
const { buildApp } = await import(${moduleUrl('server/app.ts')});
const { loadConfig } = await import(${moduleUrl('server/config.ts')});
const app = await buildApp(loadConfig({ ...process.env, DATABASE_URL: 'memory://', LOG_LEVEL: 'silent' }));
const answers = [
  await app.inject({ method: 'GET', url: '/api/auth/generateusername' }),
  await app.inject({ method: 'GET', url: '/api/posts/getPost?offset=0' }),
  await app.inject({ method: 'GET', url: '/api/health' }),
  await app.inject({ method: 'GET', url: '/api/health/ready' }),
];
await app.close();
console.log(JSON.stringify({ statuses: answers.map((a) => a.statusCode), zodCalls }));
`;

function runProbe(): Promise<{ statuses: number[]; zodCalls: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quad-jit-'));
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`probe failed (${code}):\n${out}\n${err}`));
      else resolve(JSON.parse(line));
    }),
  );
}

describe('zod on the server', () => {
  it('compiles the parsers of the requests it answers', async () => {
    const { statuses, zodCalls } = await runProbe();
    expect(statuses.every((status) => status < 500)).toBe(true);
    // The probe for `new Function`, then the query parser of /posts/getPost at least.
    expect(zodCalls.length).toBeGreaterThanOrEqual(2);
    expect(zodCalls.some((stack) => /generateFastpass|compile/.test(stack))).toBe(true);
    // A fresh process loads the server and creates its PGlite database: over 30 s on a busy machine.
  }, 120_000);
});
