import { MAIL_SETTINGS_KEY, mailSettingsSchema } from '../../../domain/site-settings.js';
import type { AppDatabase } from '../../db/connection.js';
import type { Job } from '../../operations/jobs/job-runner.js';
import type { PublicCache } from '../../site/cache/public-cache.js';
import { readSettings } from '../../site/settings/site-settings-repository.js';
import { enqueueIssue } from '../send-queue/mail-queue-repository.js';
import type { QueueSignal } from '../send-queue/queue-signal.js';
import { issuesDueWithPosts, releaseIssuesOfUnscheduledPosts } from './newsletter-issues-repository.js';

type Log = { info: (message: string) => void };

export type IssuesWithPostsOptions = { db: AppDatabase; cache: PublicCache; log: Log; queued?: QueueSignal };

/**
 * Sends the issues set to go out with a scheduled post once that post is published (by the scheduled-posts job,
 * or by hand), to the audience chosen when it was scheduled and to whoever is in it then; an issue whose post went
 * back to a draft or was deleted becomes a plain draft again. Every content write clears the public cache, in any
 * process, and wakes it (publishing a scheduled post does too). Two processes never send one issue twice: only
 * the first turns the draft into a sent issue.
 */
export function issuesWithPostsJob({ db, cache, log, queued }: IssuesWithPostsOptions): Job {
  return {
    name: 'issues with posts',
    retryAfterMs: 30_000,
    wakeOn: (wake) => cache.onClear(wake),
    run: async () => {
      const released = await releaseIssuesOfUnscheduledPosts(db);
      if (released > 0) log.info(`issues with posts: ${released} no longer sent with a post taken off schedule`);
      const due = await issuesDueWithPosts(db);
      if (due.length === 0) return null;
      const { requireConfirmation } = await readSettings(db, MAIL_SETTINGS_KEY, mailSettingsSchema);
      let sent = 0;
      for (const issue of due) {
        if (issue.siteOrigin === null) continue;
        const result = await enqueueIssue(db, {
          issueId: issue.id,
          requireConfirmation,
          expectedRecipients: null,
          siteOrigin: issue.siteOrigin,
          audience: issue.audience,
        });
        if (result.kind === 'queued') {
          sent += 1;
          log.info(`issues with posts: issue ${issue.id} queued for ${result.count} recipients with its post`);
        }
      }
      if (sent > 0) {
        queued?.notify();
        // An issue listed in the web archive appears there now.
        cache.clear();
      }
      return null;
    },
  };
}
