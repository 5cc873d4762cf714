/** What every service is built from: the database, the keys, the mailer, the storage, the clock and the config. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Crypto } from './infra/crypto.ts';
import type { Mailer } from './infra/mailer.ts';
import type { Storage } from './infra/storage.ts';

export interface AppContext {
  config: Config;
  db: Db;
  crypto: Crypto;
  mailer: Mailer;
  /** Uploaded files (post images): disk under DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: Storage;
  now: () => Date;
  log: FastifyBaseLogger;
}

export const after = (from: Date, ms: number) => new Date(from.getTime() + ms);
