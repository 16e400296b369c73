import type { PublicCache } from '../../site/cache/public-cache.js';
import type { AppDatabase } from '../../db/connection.js';
import type { Job } from '../../operations/jobs/job-runner.js';
import { nextScheduledTime, publishDuePosts } from './blog-posts-repository.js';
import { nextScheduledPageTime, publishDuePages } from '../pages/site-pages-repository.js';

type Log = { info: (message: string) => void };

/** After a failed check (e.g. the database was busy), the next try. */
const RETRY_AFTER_MS = 30_000;

export type ScheduledPublishingOptions = { db: AppDatabase; cache: PublicCache; log: Log };

/**
 * Publishes scheduled posts (and the author's scheduled pages) at their time (a job of the site's JobRunner): it waits for the next
 * one; when it passes, the post is marked published and the public caches (lists, pages, API
 * answers, feeds) are cleared in every server process (PublicCache.clear publishes on the
 * invalidation bus, as every write does), so the post appears without a restart or a write. Posts
 * whose time passed while the server was down are published at start. Every content write, in any
 * process, clears the cache, which wakes the job to re-read the next time (a post scheduled, moved
 * or unscheduled in the admin).
 */
export function scheduledPublishingJob({ db, cache, log }: ScheduledPublishingOptions): Job {
  return {
    name: 'scheduled posts',
    retryAfterMs: RETRY_AFTER_MS,
    wakeOn: (wake) => cache.onClear(wake),
    run: async () => {
      const now = new Date();
      const published = await publishDuePosts(db, now);
      const pages = await publishDuePages(db, now);
      if (published + pages > 0) {
        log.info(`scheduled posts: ${published} published${pages > 0 ? `, ${pages} pages published` : ''}`);
        // Clearing wakes this job again, which then waits for the next scheduled post.
        cache.clear();
        return null;
      }
      const times = [await nextScheduledTime(db), await nextScheduledPageTime(db)].filter((time) => time !== null);
      return times.length > 0 ? Math.min(...times.map((time) => time.getTime())) - Date.now() : null;
    },
  };
}
