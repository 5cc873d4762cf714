import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { addModerator, listModerators, removeModerator } from '../../server/modules/safety/moderatorAdmin.ts';
import { SAFETY } from '../../src/domain/safety.ts';
import { type Account, expectError, setupTestApp } from '../support/testApp.ts';

const t = setupTestApp({ MODERATORS: 'FromEnv' });
let person: Account;

beforeAll(async () => {
  person = await t.signUpAndVerify();
});

const db = () => t.app.database.db;

describe('moderators add, remove and list', () => {
  it('makes a verified account a moderator and takes it back', async () => {
    expectError(await person.client.get('mod/queue'), 403, SAFETY.notModerator);
    const added = await addModerator(db(), person.username.toUpperCase(), t.clock.now());
    expect(added).toEqual({ ok: true, message: `${person.username} is now a moderator.` });
    expect((await person.client.get('mod/queue')).statusCode).toBe(200);
    expect(await addModerator(db(), person.username, t.clock.now())).toEqual({
      ok: true,
      message: `${person.username} is already a moderator.`,
    });
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(await listModerators(db(), ['fromenv'])).toEqual([
      `${person.username}  (added ${day})`,
      'fromenv  (MODERATORS)',
    ]);

    const removed = await removeModerator(db(), person.username, ['fromenv']);
    expect(removed).toEqual({ ok: true, message: `${person.username} is no longer a moderator.` });
    expectError(await person.client.get('mod/queue'), 403, SAFETY.notModerator);
  });

  it('refuses an unknown or unverified account', async () => {
    const pending = await t.signUp();
    for (const name of ['nobody_here', pending.username]) {
      expect(await addModerator(db(), name, t.clock.now())).toEqual({
        ok: false,
        message: `No verified account is named "${name}".`,
      });
    }
  });

  it('says when MODERATORS still names the person', async () => {
    const named = await t.signUpAndVerify(undefined, { username: 'FromEnv' });
    const res = await removeModerator(db(), named.username, ['fromenv']);
    expect(res.message).toBe(
      'FromEnv was not added as a moderator. MODERATORS still names FromEnv: remove it there too.',
    );
  });
});

describe('npm run quad', () => {
  const run = promisify(execFile);
  const quad = (args: string[], env: Record<string, string>) =>
    run(join('node_modules', '.bin', 'tsx'), ['scripts/quad.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('exits non-zero with a clear message for an unknown user, and shows its usage', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quad-cli-'));
    try {
      const unknown = await quad(['moderators', 'add', 'nobody_here'], { DATA_DIR: dataDir });
      expect({ code: unknown.code, stderr: unknown.stderr.trim() }).toEqual({
        code: 1,
        stderr: 'No verified account is named "nobody_here".',
      });
      const usage = await quad(['moderators'], { DATA_DIR: dataDir });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('npm run quad -- moderators add <username>');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
