import path from 'node:path';
import { buildApp, type BuiltApp } from './app.js';
import { removePidFile, writePidFile } from './operations/backup/running-server.js';
import { ConfigError, loadConfig } from './config.js';
import { configuredEngine } from './db/database-engine.js';
import { describeRelay } from './newsletter/mail/mail-config.js';
import { OUTBOX_FOLDER_NAME } from './newsletter/mail/mailer.js';
import { startBounceIntakeJob } from './deliverability/bounce-intake.js';
import { collationWarning } from './db/collation.js';
import { builtClientDir } from './paths.js';
import { StartupError } from './operations/startup/startup-error.js';

export type ServeOptions = {
  /** Adds to the app before it listens (the benchmark's reference routes). */
  beforeListen?: (built: BuiltApp) => void;
};

/**
 * Starts the site on the configured port: `--dev` serves the client through Vite with hot reload.
 * One process; several instances share one PostgreSQL to scale out (docs/scaling.md).
 */
export async function serve(options: ServeOptions = {}): Promise<void> {
  const isDev = process.argv.includes('--dev');
  // Everything the site creates (database, uploads, backups) is its own user's alone.
  process.umask(0o077);
  const startedAt = performance.now();
  const config = loadConfig(process.env, isDev ? null : builtClientDir);
  const built = await buildApp(config, { client: isDev ? 'vite-dev' : 'built', logger: true });
  const { app, generatedAdminPassword } = built;
  options.beforeListen?.(built);
  for (const notice of config.notices) app.log.warn(notice);

  if (!isDev && !config.publicUrl) {
    app.log.warn(
      'PUBLIC_URL is not set: links in pages, feeds and emails use each request’s Host header. ' +
        'Set PUBLIC_URL=https://your-domain in production.',
    );
  }

  app.log.info(
    config.mail.smtpUrl
      ? `Mail: sending through ${describeRelay(config.mail.smtpUrl)} as ${config.mail.from.address}`
      : `Mail is not configured (no SMTP_URL): messages are saved to ${path.join(config.dataDir, OUTBOX_FOLDER_NAME)}`,
  );

  if (generatedAdminPassword) {
    app.log.warn(
      `No ADMIN_PASSWORD was set, so one was generated for the new database. Admin password: ${generatedAdminPassword} ` +
        '(shown only this once; change it under /admin > Settings)',
    );
  }

  const { services } = built;
  const onPostgres = configuredEngine(config) === 'postgres';
  const collation = onPostgres ? await collationWarning(services.db) : null;
  if (collation) app.log.warn(collation);
  // Backups archive the SQLite file; a PostgreSQL database is backed up with its own tools (pg_dump).
  if (onPostgres && config.backup.everyMs) {
    app.log.info('Scheduled backups are off on PostgreSQL: back the database up with pg_dump (see docs/scaling.md)');
  }
  // Bounces and abuse reports by mail (BOUNCE_SMTP_PORT): a listener, not a periodic job.
  const stopBounceIntake = config.bounces.smtpPort
    ? startBounceIntakeJob({
        db: services.db,
        config: config.bounces,
        log: app.log,
        softBounceLimit: config.mailEvents.softBounceLimit,
      })
    : async () => undefined;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    // A backup under way is finished first, so no half-written archive is left behind; the jobs
    // stop as the app closes (the mail queue records the messages it has in flight).
    Promise.all([services.backups.idle(), built.jobs.stop(), stopBounceIntake(), removePidFile(config.dataDir)])
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
  // Tells `npm run restore` that the site is running on this DATA_DIR.
  const address = app.server.address();
  await writePidFile(config.dataDir, typeof address === 'object' && address ? address.port : config.port);
  app.log.info(`Ready in ${Math.round(performance.now() - startedAt)} ms`);
  // Every periodic job starts here, once the site listens.
  built.jobs.start();
}

/** Ends the process after a failed start with one line; the stack trace only with LOG_LEVEL=debug (or trace). */
export function exitAfterFailedStart(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
  else console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  const verbose = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace';
  if (verbose && error instanceof Error) console.error(error.stack);
  process.exit(1);
}
