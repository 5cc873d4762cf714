/**
 * `npm start`: reads the environment, then serves. With WEB_CONCURRENCY=N (N > 1, PostgreSQL only)
 * this process becomes the cluster primary and N worker processes share the port (server/cluster.ts).
 */
import './zodSetup.ts';
import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { runPrimary } from './cluster.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';

/** Where uploads go, for the start-up lines. */
function describeStorage(storage: Config['storage']): string {
  if (storage.kind === 'disk') return `folder ${storage.root}`;
  return `S3 bucket ${storage.bucket} at ${storage.endpoint ?? `AWS (${storage.region})`}`;
}

/** The storage line, and a warning when other machines could not see these uploads. */
function announceStorage(config: Config): void {
  console.log(`  uploads: ${describeStorage(config.storage)}`);
  if (config.database.kind === 'postgres' && config.storage.kind === 'disk') {
    console.warn(
      '  warning: uploads are kept on this machine; several machines on one database need S3_BUCKET ' +
        '(docs/operations.md)',
    );
  }
}

/** Builds the app, listens, and closes gracefully on SIGTERM/SIGINT. */
async function serve(config: Config): Promise<void> {
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // A worker gets Ctrl-C from the terminal and again from the primary: the second must not kill
    // it mid-shutdown. A single process keeps `once`, so a second Ctrl-C still forces the exit.
    if (cluster.isWorker) process.on(signal, () => void shutdown(signal));
    else process.once(signal, () => void shutdown(signal));
  }

  await app.listen({ host: config.host, port: config.port });
  if (cluster.isWorker) return;
  const database =
    config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : (config.database.dataDir ?? 'memory');
  const mail = config.smtpUrl ? 'SMTP' : 'console (OTP mails are printed here)';
  console.log(`Quad is running at http://${config.host}:${config.port} (public URL ${config.publicUrl})`);
  console.log(`  database: ${database}; mail: ${mail}`);
  announceStorage(config);
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    announceStorage(config);
    runPrimary(config);
  } else await serve(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
