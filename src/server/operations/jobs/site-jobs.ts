import type { FastifyBaseLogger } from 'fastify';
import { arcRemindersJob } from '../../arc/arc-reminders.js';
import { analyticsRollupJob } from '../../analytics/rollup-job.js';
import { backupJob } from '../backup/backup-schedule.js';
import { scheduledPublishingJob } from '../../content/blog/scheduled-publishing.js';
import { returnPathPruningJob } from '../../deliverability/bounce-intake.js';
import type { AppConfig } from '../../config.js';
import { configuredEngine } from '../../db/database-engine.js';
import { processExistingUploads } from '../../content/images/process-existing-uploads.js';
import { outboxCleanupJob } from '../../newsletter/mail/outbox-cleanup.js';
import { mailQueueJob } from '../../newsletter/send-queue/mail-queue-job.js';
import { issuesWithPostsJob } from '../../newsletter/issues/issues-with-posts-job.js';
import type { AppServices } from '../../services.js';
import { JobRunner, type Job } from './job-runner.js';
import { fediverseQueueJob } from '../../fediverse/fediverse-queue.js';
import { contentFederationJob } from '../../fediverse/content-federation.js';

/**
 * Uploads from before responsive images get their variants once, after the site is up, and an import's images
 * after it (the import stores their originals alone and wakes this job); pages then show them. Several instances
 * on one PostgreSQL: one of them does it.
 */
function imageVariantsJob(services: AppServices, log: FastifyBaseLogger): Job {
  return {
    name: 'image-variants',
    oneInstance: true,
    wakeOn: (wake) => services.imageVariants.on(wake),
    run: async () => {
      const { processed, failed } = await processExistingUploads(services.db, services.uploads, log);
      if (processed > 0 || failed > 0) {
        services.cache.clear();
        log.info(`image variants: ${processed} existing uploads processed, ${failed} skipped`);
      }
      return null;
    },
  };
}

/**
 * Every periodic job of the site, on one runner: started by `serve` once the site listens, stopped
 * when the app closes. Backups archive the SQLite file: a PostgreSQL database is backed up with
 * its own tools (pg_dump).
 */
export function siteJobs(config: AppConfig, services: AppServices, log: FastifyBaseLogger): JobRunner {
  const backupEveryMs = configuredEngine(config) === 'sqlite' ? config.backup.everyMs : null;
  const jobs: Job[] = [
    mailQueueJob({
      db: services.db,
      mailer: services.mailing.queueMailer,
      messages: services.mailing.queuedMessages,
      ratePerMinute: services.mailing.ratePerMinute,
      log,
      wake: services.mailing.queueSignal,
    }),
    scheduledPublishingJob({ db: services.db, cache: services.cache, log }),
    issuesWithPostsJob({ db: services.db, cache: services.cache, log, queued: services.mailing.queueSignal }),
    outboxCleanupJob(config.dataDir, log),
    analyticsRollupJob(services.db, log),
    imageVariantsJob(services, log),
    returnPathPruningJob(services.db),
    arcRemindersJob(services.db, services.mailing.queueSignal),
    fediverseQueueJob(services.fediverse.queue, services.fediverse.federation),
    contentFederationJob({ db: services.db, fediverse: services.fediverse, cache: services.cache }),
    ...(backupEveryMs ? [backupJob(services.backups, backupEveryMs, log)] : []),
  ];
  return new JobRunner(jobs, { log, db: services.db });
}
