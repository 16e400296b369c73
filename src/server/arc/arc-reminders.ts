import type { AppDatabase } from '../db/connection.js';
import type { Job } from '../operations/jobs/job-runner.js';
import { queueArcEmails } from './arc-emails.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first reminder: this long after the reader's first download. */
const DOWNLOAD_REMINDER_AFTER_MS = 4 * DAY_MS;
/** The second: this long before the review deadline (release day). */
const DEADLINE_REMINDER_BEFORE_MS = 3 * DAY_MS;
const EVERY_MS = 60 * 60 * 1000;

type Due = { id: string; campaignId: string; siteOrigin: string | null };

/** Chosen readers with no review in and no step back, of campaigns whose deadline has not passed. */
const waiting = (db: AppDatabase, nowText: string) =>
  db
    .selectFrom('arcApplications as a')
    .innerJoin('arcCampaigns as c', 'c.id', 'a.campaignId')
    .innerJoin('newsletterSubscriptions as s', 's.id', 'a.subscriptionId')
    .where('a.state', '=', 'selected')
    .where('a.reviewedAt', 'is', null)
    .where('s.isActive', '=', 1)
    .where('c.reviewBy', '>', nowText)
    .select(['a.id', 'a.campaignId', 'a.siteOrigin'])
    .limit(1000);

async function queueEach(
  db: AppDatabase,
  kind: 'download-reminder' | 'deadline-reminder',
  due: Due[],
  column: 'downloadReminderAt' | 'deadlineReminderAt',
  nowText: string,
): Promise<number> {
  let queued = 0;
  for (const row of due) {
    // Claimed first (one instance, one run): a reminder is queued at most once per reader.
    const claimed = await db
      .updateTable('arcApplications')
      .set({ [column]: nowText })
      .where('id', '=', row.id)
      .where(column, 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) continue;
    queued += await queueArcEmails(db, kind, row.campaignId, [row.id], row.siteOrigin ?? 'http://localhost');
  }
  return queued;
}

/**
 * Queues the reminders due at `now`: one a few days after the download, one a few days before the deadline;
 * none to a reader who submitted a review, stepped back or unsubscribed (the send queue checks again when
 * the row's turn comes). Each at most once per reader and campaign.
 */
export async function queueDueArcReminders(db: AppDatabase, now: Date): Promise<number> {
  const nowText = now.toISOString();
  const afterDownload = await waiting(db, nowText)
    .where('a.downloadReminderAt', 'is', null)
    .where('a.downloadedAt', '<=', new Date(now.getTime() - DOWNLOAD_REMINDER_AFTER_MS).toISOString())
    .execute();
  const beforeDeadline = await waiting(db, nowText)
    .where('a.deadlineReminderAt', 'is', null)
    .where('c.reviewBy', '<=', new Date(now.getTime() + DEADLINE_REMINDER_BEFORE_MS).toISOString())
    .execute();
  return (
    (await queueEach(db, 'download-reminder', afterDownload, 'downloadReminderAt', nowText)) +
    (await queueEach(db, 'deadline-reminder', beforeDeadline, 'deadlineReminderAt', nowText))
  );
}

/** The reminders' job: hourly, one instance at a time; the queue is woken when something was queued. */
export function arcRemindersJob(db: AppDatabase, wake: { notify(): void }, clock: () => Date = () => new Date()): Job {
  return {
    name: 'arc reminders',
    oneInstance: true,
    firstRunAfterMs: 60_000,
    everyMs: EVERY_MS,
    run: async () => {
      if ((await queueDueArcReminders(db, clock())) > 0) wake.notify();
    },
  };
}
