import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { DEFAULT_COLLEGE_DOMAIN } from '../../src/domain/constants.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'quad-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('works with no environment: PGlite under DATA_DIR, console mail, defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      smtpUrl: undefined,
      mailFrom: 'Quad <no-reply@quad.local>',
      collegeDomain: DEFAULT_COLLEGE_DOMAIN,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      logLevel: 'info',
    });
  });

  it('credits no creators unless they are configured, and refuses a link that is not http(s)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).creators).toEqual([]);
    const env = { DATA_DIR: tempDir(), CREATOR_2_NAME: 'Ravi', CREATOR_2_URL: 'https://example.org/r' };
    expect(loadConfig(env).creators).toEqual([{ name: 'Ravi', url: 'https://example.org/r' }]);
    expect(() => loadConfig({ ...env, CREATOR_2_URL: 'javascript:alert(1)' })).toThrow(/CREATOR_2_URL/);
  });

  it('defaults the public URL to the port it listens on', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '4010' }).publicUrl).toBe('http://localhost:4010');
  });

  it('creates a 32-byte secret key file with mode 0600 once and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const path = join(dataDir, 'secret.key');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path)).toEqual(first.secret);
    expect(first.secret).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).secret).toEqual(first.secret);
  });

  it('reads DATABASE_URL, memory://, SMTP_URL and an https PUBLIC_URL', () => {
    const dataDir = tempDir();
    const secret = 'x'.repeat(32);
    const pg = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
      DATABASE_URL: 'postgres://app@db/quad',
    });
    expect(pg.database).toEqual({ kind: 'postgres', url: 'postgres://app@db/quad' });
    const memory = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret, DATABASE_URL: 'memory://' });
    expect(memory.database).toEqual({ kind: 'pglite', dataDir: undefined });
    const https = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://quad.example/',
    });
    expect(https).toMatchObject({
      smtpUrl: 'smtp://127.0.0.1:2525',
      secureCookies: true,
      publicUrl: 'https://quad.example',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ COLLEGE_DOMAIN: 'not a domain' }, 'COLLEGE_DOMAIN'],
  ])('refuses bad env %o with a message naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(new RegExp(`${name}:`));
  });
});

describe('loadConfig: scale-out settings', () => {
  const postgres = { DATABASE_URL: 'postgres://app@db/quad', SESSION_SECRET: 'x'.repeat(32) };

  it('keeps uploads on disk and runs one process by default', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      storage: { kind: 'disk', root: join(dataDir, 'uploads') },
      webConcurrency: 1,
    });
  });

  it('reads an S3-compatible bucket with its endpoint, region, keys and addressing style', () => {
    const s3 = { S3_BUCKET: 'quad-uploads', S3_ACCESS_KEY_ID: 'AKIAX', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ DATA_DIR: tempDir(), ...s3 }).storage).toEqual({
      kind: 's3',
      bucket: 'quad-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIAX', secretAccessKey: 'secret' },
      forcePathStyle: false,
    });
    const minio = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'quad',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(minio.storage).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      credentials: undefined,
      forcePathStyle: true,
    });
  });

  it('runs WEB_CONCURRENCY processes on PostgreSQL, one when unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), ...postgres, WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(loadConfig({ DATA_DIR: tempDir(), ...postgres }).webConcurrency).toBe(1);
  });

  it.each([
    ['WEB_CONCURRENCY: more than 1 process needs DATABASE_URL', { WEB_CONCURRENCY: '2' }],
    ['WEB_CONCURRENCY: more than 1 process needs', { WEB_CONCURRENCY: '2', DATABASE_URL: 'memory://' }],
    ['WEB_CONCURRENCY:', { ...postgres, WEB_CONCURRENCY: '0' }],
    ['WEB_CONCURRENCY:', { ...postgres, WEB_CONCURRENCY: 'many' }],
    ['S3_BUCKET: must be a bucket name', { S3_BUCKET: 'Not_A_Bucket' }],
    ['S3_ENDPOINT:', { S3_BUCKET: 'quad', S3_ENDPOINT: 'minio:9000' }],
    ['S3_FORCE_PATH_STYLE: must be true or false', { S3_BUCKET: 'quad', S3_FORCE_PATH_STYLE: 'yes' }],
    ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both', { S3_BUCKET: 'quad', S3_ACCESS_KEY_ID: 'AKIAX' }],
    ['S3_BUCKET: required when other S3_ settings are given', { S3_ENDPOINT: 'http://minio:9000' }],
  ])('refuses with %s', (message, env) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
  });
});
