/** What every service is built from: the database, the keys, the mailer, the clock and the config. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Crypto } from './infra/crypto.ts';
import type { Mailer } from './infra/mailer.ts';

export interface AppContext {
  config: Config;
  db: Db;
  crypto: Crypto;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
}

export const after = (from: Date, ms: number) => new Date(from.getTime() + ms);
