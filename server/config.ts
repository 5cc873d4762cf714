/** Environment → typed configuration, with the embedded defaults that make `npm start` work anywhere. */
import './zodSetup.ts';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_COLLEGE_DOMAIN } from '../src/domain/constants.ts';
import type { Creator } from '../src/domain/publicConfig.ts';
import { type SafetyConfig, safetyConfigOf, safetyEnvSchema } from './safetyConfig.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SECRET_BYTES = 32;
const MAX_WORKERS = 64;

const optional = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** `10.0.0.0/8` or `2001:db8::/32` as its address, prefix and family; null for anything else. */
export function cidrOf(range: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', bits, extra] = range.split('/');
  const version = isIP(address);
  const prefix = Number(bits);
  if (extra !== undefined || version === 0 || !/^\d{1,3}$/.test(bits ?? '')) return null;
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

const budget = (perMinute: number) => z.coerce.number().int().min(0).max(1_000_000).default(perMinute);

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optional.refine((url) => !url || /^(postgres(ql)?:\/\/|memory:\/\/$)/.test(url), {
      message: 'must be a postgres:// URL or memory://',
    }),
    SMTP_URL: optional.refine((url) => !url || /^smtps?:\/\//.test(url), {
      message: 'must be an smtp:// URL',
    }),
    MAIL_FROM: z.string().trim().min(3).default('Quad <no-reply@quad.local>'),
    COLLEGE_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain such as ietlucknow.ac.in')
      .default(DEFAULT_COLLEGE_DOMAIN),
    SESSION_SECRET: optional.refine((secret) => !secret || secret.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    /** Defaults to http://localhost:PORT. */
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    STATIC_DIR: z.string().trim().min(1).default('./dist'),
    /** Behind a reverse proxy: `true`, or the proxies' addresses or subnets (comma-separated, e.g. `loopback`). */
    TRUST_PROXY: optional,
    /** Base URL of LeetCode (its GraphQL endpoint is `<url>/graphql`). */
    LEETCODE_URL: z.url({ protocol: /^https?$/ }).default('https://leetcode.com'),
    /** Base URL of Codeforces (its API is under `<url>/api/`). */
    CODEFORCES_URL: z.url({ protocol: /^https?$/ }).default('https://codeforces.com'),
    /** How long a LeetCode or Codeforces call may take before it is abandoned. */
    STATS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** The two creators credited on the About page: names, and optional links to their pages. */
    CREATOR_1_NAME: optional,
    CREATOR_1_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    CREATOR_2_NAME: optional,
    CREATOR_2_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /**
     * Server processes sharing the port (node:cluster); more than 1 needs DATABASE_URL. One by default:
     * on a small box that also runs PostgreSQL, more workers served fewer students (README "Performance").
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(MAX_WORKERS).default(1),
    /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads. */
    S3_BUCKET: optional.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z, 0-9, dots, dashes)')
        .optional(),
    ),
    /** MinIO, R2 and other S3-compatible services; AWS itself when unset. */
    S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
    /** Requests a minute per signed-in account; 0 turns the group's limit off. */
    RATE_LIMIT_READS: budget(600),
    RATE_LIMIT_WRITES: budget(60),
    RATE_LIMIT_AUTH: budget(30),
    /**
     * Requests a minute per client address of visitors (signed out). A campus reaches Quad from one or
     * a few public addresses, so these are a lecture hall's worth: 200 students signing up together.
     */
    RATE_LIMIT_ADDRESS_READS: budget(20_000),
    RATE_LIMIT_ADDRESS_WRITES: budget(2_000),
    RATE_LIMIT_ADDRESS_AUTH: budget(1_000),
    /** Networks (CIDR ranges, comma-separated) whose visitors have no address budget, only accounts theirs. */
    RATE_LIMIT_TRUSTED: z
      .string()
      .trim()
      .default('')
      .transform((text, context) => {
        const ranges = text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        for (const range of ranges) {
          if (!cidrOf(range))
            context.addIssue({ code: 'custom', message: `${range} is not a CIDR range (10.0.0.0/8)` });
        }
        return ranges;
      }),
    /** Live event streams (GET /api/events) one account may hold open on one instance: its tabs. */
    LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(8),
    /** ...and one client address: high, since a campus network puts many students behind one address. */
    LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
    /** Seconds a visitor's server-rendered page is served again (server/render/visitorPages.ts); 0: never. */
    VISITOR_PAGE_SECONDS: z.coerce.number().int().min(0).max(60).default(3),
  })
  .extend(safetyEnvSchema.shape);

type Env = z.infer<typeof envSchema>;

/** Rules across several variables, reported like the single-variable ones. */
function crossChecks(e: Env): string[] {
  const problems: string[] = [];
  const pglite = !e.DATABASE_URL || e.DATABASE_URL === 'memory://';
  if (e.WEB_CONCURRENCY > 1 && pglite) {
    problems.push(
      'WEB_CONCURRENCY: more than 1 process needs DATABASE_URL (PostgreSQL); the embedded PGlite serves one process',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  const s3Settings = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].some(Boolean);
  if (!e.S3_BUCKET && s3Settings) problems.push('S3_BUCKET: required when other S3_ settings are given');
  return problems;
}

export type StorageTarget =
  | { kind: 'disk'; root: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      /** None: the SDK's default chain (environment, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | undefined }
  | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  smtpUrl: string | undefined;
  mailFrom: string;
  collegeDomain: string;
  /** The server secret every other key is derived from (HKDF). */
  secret: Buffer;
  publicUrl: string;
  secureCookies: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  staticDir: string;
  /** How long a visitor's rendered page is served again, in ms (0: never). */
  visitorPageTtlMs: number;
  /** Fastify's trustProxy: which X-Forwarded-For hops give the client address (sign-in throttling). */
  trustProxy: boolean | string;
  /** The coding-stats services: base URLs without a trailing slash, and the timeout of one call. */
  stats: { leetcodeUrl: string; codeforcesUrl: string; timeoutMs: number };
  /** The creators credited on the About page (none when not configured). */
  creators: Creator[];
  /** Where uploads live. */
  storage: StorageTarget;
  /** How many server processes share the port. */
  webConcurrency: number;
  /** Requests a minute by group of routes, per signed-in account and per visitor address; 0 is no limit. */
  rateLimits: { account: RateBudgets; address: RateBudgets; trusted: string[] };
  /** How many live streams one account and one address may hold open on one instance. */
  liveStreams: { perAccount: number; perAddress: number };
  /** Moderators, report threshold, crisis help and write limits (docs/moderation.md). */
  safety: SafetyConfig;
}

export type RateGroup = 'read' | 'write' | 'auth';
export type RateBudgets = Record<RateGroup, number>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the secret key file under DATA_DIR, creating it (mode 0600) on first start. */
function secretFromFile(dataDir: string): Buffer {
  const path = join(dataDir, 'secret.key');
  try {
    writeFileSync(path, randomBytes(SECRET_BYTES), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(path);
  if (secret.length !== SECRET_BYTES) {
    throw new ConfigError(`${path} must hold exactly ${SECRET_BYTES} bytes; remove it to create a new one`);
  }
  return secret;
}

function creatorsOf(e: Env): Creator[] {
  const pairs = [
    [e.CREATOR_1_NAME, e.CREATOR_1_URL],
    [e.CREATOR_2_NAME, e.CREATOR_2_URL],
  ] as const;
  return pairs.flatMap(([name, url]) => (name ? [{ name, url: url ?? null }] : []));
}

function storageOf(e: Env, dataDir: string): StorageTarget {
  if (!e.S3_BUCKET) return { kind: 'disk', root: join(dataDir, 'uploads') };
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? crossChecks(parsed.data)
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid environment:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const database: DatabaseTarget =
    e.DATABASE_URL === 'memory://'
      ? { kind: 'pglite', dataDir: undefined }
      : e.DATABASE_URL
        ? { kind: 'postgres', url: e.DATABASE_URL }
        : { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    collegeDomain: e.COLLEGE_DOMAIN,
    secret: e.SESSION_SECRET ? Buffer.from(e.SESSION_SECRET, 'utf8') : secretFromFile(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    secureCookies: e.PUBLIC_URL?.startsWith('https:') ?? false,
    logLevel: e.LOG_LEVEL,
    staticDir: resolve(e.STATIC_DIR),
    visitorPageTtlMs: e.VISITOR_PAGE_SECONDS * 1000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    stats: {
      leetcodeUrl: e.LEETCODE_URL.replace(/\/+$/, ''),
      codeforcesUrl: e.CODEFORCES_URL.replace(/\/+$/, ''),
      timeoutMs: e.STATS_TIMEOUT_MS,
    },
    creators: creatorsOf(e),
    storage: storageOf(e, dataDir),
    webConcurrency: e.WEB_CONCURRENCY,
    rateLimits: {
      account: { read: e.RATE_LIMIT_READS, write: e.RATE_LIMIT_WRITES, auth: e.RATE_LIMIT_AUTH },
      address: {
        read: e.RATE_LIMIT_ADDRESS_READS,
        write: e.RATE_LIMIT_ADDRESS_WRITES,
        auth: e.RATE_LIMIT_ADDRESS_AUTH,
      },
      trusted: e.RATE_LIMIT_TRUSTED,
    },
    liveStreams: { perAccount: e.LIVE_STREAMS_PER_ACCOUNT, perAddress: e.LIVE_STREAMS_PER_ADDRESS },
    safety: safetyConfigOf(e),
  };
}
