import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp, prepareSite, type BuiltApp } from './app.js';
import { startAnalyticsRollup } from './analytics/rollup-job.js';
import { startBackupSchedule } from './backup/backup-schedule.js';
import { startScheduledPublishing } from './blog/scheduled-publishing.js';
import { removePidFile, writePidFile } from './backup/running-server.js';
import { clusterWorkerCoordination, singleProcessCoordination } from './cluster/coordination.js';
import { runClusterPrimary } from './cluster/primary.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { describeRelay } from './mail/mail-config.js';
import { OUTBOX_FOLDER_NAME } from './mail/mailer.js';
import { startOutboxCleanupJob } from './mail/outbox-cleanup.js';
import { startMailQueueJob } from './mail-queue/mail-queue-job.js';
import { processExistingUploads } from './images/process-existing-uploads.js';
import { collationWarning } from './postgres/collation.js';
import { runExclusively } from './postgres/run-exclusively.js';
import { builtClientDir } from './paths.js';
import { StartupError } from './startup/startup-error.js';

export type ServeOptions = {
  /** Adds to the app before it listens (the benchmark's reference routes). */
  beforeListen?: (built: BuiltApp) => void;
};

/**
 * Starts the site on the configured port: `--dev` serves the client through Vite with hot reload.
 * With WORKERS > 1 this process becomes the cluster's primary, and each worker it starts runs
 * this function again as one of the servers on the port.
 */
export async function serve(options: ServeOptions = {}): Promise<void> {
  const isDev = process.argv.includes('--dev');
  // Everything the site creates (database, uploads, backups) is its own user's alone.
  process.umask(0o077);
  const startedAt = performance.now();
  const config = loadConfig(process.env, isDev ? null : builtClientDir);
  if (config.workers > 1 && cluster.isPrimary && !isDev) return startCluster(config);
  if (config.workers > 1 && isDev) console.warn('WORKERS is ignored with --dev: one process serves the site.');

  const coordination = cluster.isWorker ? clusterWorkerCoordination(process, process.env) : singleProcessCoordination();
  const built = await buildApp(config, { client: isDev ? 'vite-dev' : 'built', logger: true, coordination });
  const { app, generatedAdminPassword } = built;
  options.beforeListen?.(built);
  // Start-up notes are written once, not by every worker: by the one that runs the jobs.
  const notes = coordination.jobs.runsJobs;

  if (notes && !isDev && !config.publicUrl) {
    app.log.warn(
      'PUBLIC_URL is not set: links in pages, feeds and emails use each request’s Host header. ' +
        'Set PUBLIC_URL=https://your-domain in production.',
    );
  }

  if (notes) {
    app.log.info(
      config.mail.smtpUrl
        ? `Mail: sending through ${describeRelay(config.mail.smtpUrl)} as ${config.mail.from.address}`
        : `Mail is not configured (no SMTP_URL): messages are saved to ${path.join(config.dataDir, OUTBOX_FOLDER_NAME)}`,
    );
  }

  if (generatedAdminPassword) {
    app.log.warn(
      `No ADMIN_PASSWORD was set, so one was generated for the new database. Admin password: ${generatedAdminPassword} ` +
        '(shown only this once; change it under /admin > Settings)',
    );
  }

  const { services } = built;
  const collation = config.databaseUrl ? await collationWarning(services.db) : null;
  if (collation) app.log.warn(collation);
  // Backups archive the SQLite file; a PostgreSQL database is backed up with its own tools (pg_dump).
  if (config.databaseUrl && config.backup.everyMs) {
    app.log.info('Scheduled backups are off on PostgreSQL: back the database up with pg_dump (see docs/scaling.md)');
  }
  const backupEveryMs = config.databaseUrl ? null : config.backup.everyMs;
  const stopBackups = backupEveryMs
    ? coordination.jobs.start('backups', () => startBackupSchedule(services.backups, backupEveryMs, app.log))
    : () => undefined;
  const stopMailQueue = coordination.jobs.start('mail queue', () =>
    startMailQueueJob({
      db: services.db,
      mailer: services.mailing.queueMailer,
      messages: services.mailing.queuedMessages,
      ratePerMinute: services.mailing.ratePerMinute,
      log: app.log,
    }),
  );
  const stopOutboxCleanup = coordination.jobs.start('outbox clean-up', () =>
    startOutboxCleanupJob(config.dataDir, app.log),
  );
  // Its cache clear goes through the bus, like every write's: every worker's caches are cleared.
  const stopScheduledPublishing = coordination.jobs.start('scheduled posts', () =>
    startScheduledPublishing({ db: services.db, cache: services.cache, log: app.log }),
  );

  const stopAnalyticsRollup = coordination.jobs.start('analytics roll-up', () =>
    startAnalyticsRollup(services.db, app.log),
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    void stopBackups();
    void stopOutboxCleanup();
    void stopScheduledPublishing();
    void stopAnalyticsRollup();
    // A backup under way is finished first, so no half-written archive is left behind; the mail
    // queue records the messages it has in flight.
    Promise.all([services.backups.idle(), stopMailQueue(), removePidFile(config.dataDir)])
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
  // A worker whose primary has gone would serve nobody (the primary holds the port): it stops too.
  if (cluster.isWorker) process.once('disconnect', () => shutdown('the cluster primary is gone'));

  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker) {
    // Tells `npm run restore` that the site is running on this DATA_DIR (the cluster's primary writes it there).
    const address = app.server.address();
    await writePidFile(config.dataDir, typeof address === 'object' && address ? address.port : config.port);
  }
  app.log.info(`Ready in ${Math.round(performance.now() - startedAt)} ms`);
  if (coordination.jobs.runsJobs) processUploadsInBackground(built);
}

/** WORKERS > 1: the site is prepared once (migrations, demo seed, admin user), then the workers start. */
async function startCluster(config: AppConfig): Promise<void> {
  const { generatedAdminPassword } = await prepareSite(config);
  if (generatedAdminPassword) {
    console.warn(
      `No ADMIN_PASSWORD was set, so one was generated for the new database. Admin password: ${generatedAdminPassword} ` +
        '(shown only this once; change it under /admin > Settings)',
    );
  }
  await runClusterPrimary(config);
}

/**
 * Uploads from before responsive images get their variants after the site is up; pages then show
 * them. Several instances on one PostgreSQL: one of them does it.
 */
function processUploadsInBackground({ app, services }: BuiltApp): void {
  runExclusively(services.db, 'image-variants', () =>
    processExistingUploads(services.db, services.uploads, app.log),
  ).then(
    (run) => {
      if (!run.ran) return;
      const { processed, failed } = run.value;
      if (processed === 0 && failed === 0) return;
      services.cache.clear();
      app.log.info(`image variants: ${processed} existing uploads processed, ${failed} skipped`);
    },
    (error: unknown) => app.log.error({ err: error }, 'image variants: the start-up job failed'),
  );
}

/** Ends the process after a failed start with one line; the stack trace only with LOG_LEVEL=debug (or trace). */
export function exitAfterFailedStart(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
  else console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  const verbose = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace';
  if (verbose && error instanceof Error) console.error(error.stack);
  process.exit(1);
}
