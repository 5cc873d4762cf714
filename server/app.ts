/**
 * buildApp(config, deps) → a ready Fastify instance, as a plugin tree: external plugins (cookie,
 * helmet, swagger, zod), the database (migrated at start, closed on close), the services, then the
 * routes under /api and the SPA.
 */
import './zodSetup.ts';
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { databaseErrorCode } from './db/faults.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createCrypto, type PasswordCost } from './infra/crypto.ts';
import { installCsrf } from './infra/csrf.ts';
import { clientErrorHandler, installErrorHandler, sendError } from './infra/errors.ts';
import { documentImageForms } from './infra/imageForm.ts';
import { acceptUtf8JsonOnly } from './infra/jsonBody.ts';
import { type LogStream, loggerOptions, OneLineLogController } from './infra/logging.ts';
import { createMailer, type Mailer } from './infra/mailer.ts';
import { refuseMalformedQueries } from './infra/queryEncoding.ts';
import { createS3Storage } from './infra/s3Storage.ts';
import { securityHeaderOptions, withSecurityHeaders } from './infra/securityHeaders.ts';
import { createResponseSerializers } from './infra/serialization.ts';
import { installSpa } from './infra/spa.ts';
import { createDiskStorage, type Storage } from './infra/storage.ts';
import { installUploads, sessionViewer } from './infra/uploads.ts';
import { zodValidatorCompiler } from './infra/validation.ts';
import { type LiveTiming, startLive } from './modules/live/start.ts';
import { scheduleRemovedImagesSweep } from './modules/safety/removedImages.ts';
import { apiRoutes, createServices } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** What tests (and only tests) replace. */
export interface AppDeps {
  now?: () => Date;
  mailer?: Mailer;
  passwordCost?: PasswordCost;
  logStream?: LogStream;
  storage?: Storage;
  /**
   * A migrated PGlite data directory (PGlite's dumpDataDir) an in-memory database starts from, instead
   * of creating one: the test suites open one database per file, and creating one costs seconds.
   */
  pgliteImage?: Blob;
  /** The live streams' heartbeat and session check, shortened to be seen in a test. */
  liveTiming?: LiveTiming;
}

const BODY_LIMIT = 1024 * 1024;
/**
 * The longest path parameter the router hands to validation, as sent (percent-encoded). The longest
 * valid one is a room named by a reference of 200 characters (up to 9 encoded characters each) or an
 * e-mail address (254 at most); beyond this a path answers 414, below it the route's schema answers.
 */
const MAX_PARAM_LENGTH = 2048;

function createStorage(target: Config['storage']): Storage {
  return target.kind === 's3' ? createS3Storage(target) : createDiskStorage(target.root);
}
const DOCS_PREFIX = '/api/docs';

async function registerExternalPlugins(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, securityHeaderOptions(config));
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Quad API', description: 'The HTTP API of Quad (docs/api.md)', version: '0.1.0' },
    },
    // The image forms' multipart bodies too, which no Fastify body schema describes.
    transform: documentImageForms(createJsonSchemaTransform({ skipList: [] })),
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    bodyLimit: BODY_LIMIT,
    logController: new OneLineLogController(),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: withSecurityHeaders(securityHeaderOptions(config), sendError),
    clientErrorHandler,
  });
  // Bodies are JSON (multipart on the image forms): Fastify's own text/plain parser would hand a text
  // body to validation (a 400) where every other type is refused with 415, as docs/api.md says.
  app.removeContentTypeParser('text/plain');
  acceptUtf8JsonOnly(app);
  refuseMalformedQueries(app);
  app.setValidatorCompiler(zodValidatorCompiler);
  const serializers = createResponseSerializers();
  app.setSerializerCompiler(serializers.compiler);
  installErrorHandler(app);
  await registerExternalPlugins(app, config);
  installCsrf(app, { secure: config.secureCookies });

  const database = await openDatabase(
    config.database,
    (error) =>
      app.log.warn({ err: { type: error.name, code: databaseErrorCode(error) } }, 'database connection lost'),
    deps.pgliteImage,
  );
  try {
    await migrateDatabase(database, ({ attempt, code }) =>
      app.log.warn({ attempt, code }, 'waiting for the database'),
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('database', { getter: () => database });
  const mailer = deps.mailer ?? createMailer(config.smtpUrl, config.mailFrom);
  const storage = deps.storage ?? createStorage(config.storage);
  app.addHook('onClose', async () => {
    mailer.close();
    storage.close?.();
    await database.close();
  });

  const ctx: AppContext = {
    config,
    db: database.db,
    crypto: createCrypto(config.secret, deps.passwordCost),
    mailer,
    storage,
    now: deps.now ?? (() => new Date()),
    log: app.log,
  };
  const services = createServices(ctx);
  const live = await startLive(database, services, ctx, deps.liveTiming);
  // Open streams would keep the server from closing: they end first, and the bus stops listening.
  app.addHook('preClose', () => live.close());
  await app.register(apiRoutes, {
    prefix: '/api',
    services,
    live,
    db: ctx.db,
    collegeDomain: config.collegeDomain,
    cookies: { secure: config.secureCookies },
    database: database.kind,
    poolFigures: database.kind === 'postgres' ? () => database.pool.figures() : null,
    rateLimit: {
      db: ctx.db,
      now: ctx.now,
      budgets: config.rateLimits,
      subjectHash: ctx.crypto.subjectHash,
    },
  });
  scheduleRemovedImagesSweep(app, services.removedImages);
  installUploads(app, ctx.storage, {
    access: (key, viewerId) => services.uploadAccess.of(key, viewerId),
    viewer: sessionViewer(services.sessions),
  });
  await installSpa(app, {
    staticDir: config.staticDir,
    visitorPageTtlMs: config.visitorPageTtlMs,
    publicConfig: { collegeDomain: config.collegeDomain, creators: config.creators },
  });
  await app.ready();
  if (serializers.fallbacks.length > 0) {
    app.log.info({ responses: serializers.fallbacks }, 'responses written by zod, not compiled');
  }
  return app;
}
