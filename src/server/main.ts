import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { builtClientDir } from './paths.js';
import { StartupError } from './startup/startup-error.js';

/** Starts the site: `--dev` serves the client through Vite with hot reload. */
async function main(): Promise<void> {
  const isDev = process.argv.includes('--dev');
  // Everything the site creates (database, uploads, backups) is its own user's alone.
  process.umask(0o077);
  const startedAt = performance.now();
  const config = loadConfig(process.env, isDev ? null : builtClientDir);
  const { app, generatedAdminPassword } = await buildApp(config, {
    client: isDev ? 'vite-dev' : 'built',
    logger: true,
    benchReferenceRoutes: process.env.BENCH_REFERENCE_ROUTES === '1',
  });

  if (generatedAdminPassword) {
    app.log.warn(
      `No ADMIN_PASSWORD was set, so one was generated for the new database. Admin password: ${generatedAdminPassword} ` +
        '(shown only this once; change it under /admin > Settings)',
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Ready in ${Math.round(performance.now() - startedAt)} ms`);
}

/** A failed start prints one line; the stack trace only with LOG_LEVEL=debug (or trace). */
function reportFailedStart(error: unknown): void {
  const verbose = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace';
  if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
  else console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  if (verbose && error instanceof Error) console.error(error.stack);
}

main().catch((error: unknown) => {
  reportFailedStart(error);
  process.exit(1);
});
