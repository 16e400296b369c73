import type { AppDatabase } from '../db/connection.js';
import type { Job } from '../operations/jobs/job-runner.js';
import { rollUpAnalytics } from './rollup.js';

type Log = { info: (message: string) => void };

const FIRST_RUN_DELAY_MS = 30_000;
const EVERY_MS = 60 * 60_000;

/**
 * The analytics roll-up (a job of the site's JobRunner), shortly after start and then every hour;
 * one instance at a time on PostgreSQL (a day is rolled up once either way).
 */
export function analyticsRollupJob(db: AppDatabase, log: Log): Job {
  return {
    name: 'analytics roll-up',
    firstRunAfterMs: FIRST_RUN_DELAY_MS,
    everyMs: EVERY_MS,
    oneInstance: true,
    run: async () => {
      const { daysRolledUp, eventsDeleted } = await rollUpAnalytics(db);
      if (daysRolledUp > 0) log.info(`analytics: ${daysRolledUp} days rolled up, ${eventsDeleted} old views removed`);
    },
  };
}
