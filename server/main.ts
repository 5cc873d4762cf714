/** `npm start`: reads the environment, builds the app, listens, and closes gracefully on SIGTERM/SIGINT. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
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
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const database =
    config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : (config.database.dataDir ?? 'memory');
  const mail = config.smtpUrl ? 'SMTP' : 'console (OTP mails are printed here)';
  console.log(`Quad is running at http://${config.host}:${config.port} (public URL ${config.publicUrl})`);
  console.log(`  database: ${database}; mail: ${mail}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
