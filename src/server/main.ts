import { buildApp } from './app.js';
import { startBackupSchedule } from './backup/backup-schedule.js';
import { removePidFile, writePidFile } from './backup/running-server.js';
import { ConfigError, loadConfig } from './config.js';
import { builtClientDir } from './paths.js';

/** Starts the site: `--dev` serves the client through Vite with hot reload. */
async function main(): Promise<void> {
  const isDev = process.argv.includes('--dev');
  const startedAt = performance.now();
  const config = loadConfig(process.env, isDev ? null : builtClientDir);
  const { app, services, generatedAdminPassword } = await buildApp(config, {
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

  const stopBackups = config.backup.everyMs
    ? startBackupSchedule(services.backups, config.backup.everyMs, app.log)
    : () => undefined;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    stopBackups();
    // A backup under way is finished first, so no half-written archive is left behind.
    Promise.all([services.backups.idle(), removePidFile(config.dataDir)])
      .then(() => app.close())
      .then(
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
  const address = app.server.address();
  await writePidFile(config.dataDir, typeof address === 'object' && address ? address.port : config.port);
  app.log.info(`Ready in ${Math.round(performance.now() - startedAt)} ms`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
