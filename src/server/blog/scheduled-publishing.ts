import type { PublicCache } from '../cache/public-cache.js';
import type { AppDatabase } from '../db/connection.js';
import { nextScheduledTime, publishDuePosts } from '../repositories/blog-posts.js';

type Log = { info: (message: string) => void; error: (details: object, message: string) => void };

/** The time source; tests pass a fake one. */
type Clock = { now: () => Date };
const systemClock: Clock = { now: () => new Date() };

/** setTimeout's longest delay (~24.8 days); longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** After a failed check (e.g. the database was busy), the next try. */
const RETRY_AFTER_MS = 30_000;

export type ScheduledPublishingOptions = { db: AppDatabase; cache: PublicCache; log: Log; clock?: Clock };

/**
 * Publishes scheduled posts at their time (started by `serve.ts`): a timer waits for the next one; when it passes, the post is marked published
 * and the public caches (lists, pages, API answers, feeds) are cleared in every instance
 * (PublicCache.clear publishes on the invalidation bus, as every write does), so the post appears without
 * a restart or a write. Posts whose time passed while the server was down are published at start. Every
 * content write, in any process, clears the cache here too, which re-reads the next time (a post
 * scheduled, moved or unscheduled in the admin). Returns a stop function.
 */
export function startScheduledPublishing({
  db,
  cache,
  log,
  clock = systemClock,
}: ScheduledPublishingOptions): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Bumped by every re-arm, so an older check that finishes late does not set a second timer. */
  let generation = 0;

  const arm = (delay: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void check(), Math.min(Math.max(delay, 0), MAX_TIMER_MS));
    timer.unref();
  };

  async function check(): Promise<void> {
    const current = ++generation;
    try {
      const published = await publishDuePosts(db, clock.now());
      if (published > 0) {
        log.info(`scheduled posts: ${published} published`);
        // Clearing calls the listener below, which re-arms the timer for the next scheduled post.
        cache.clear();
        return;
      }
      const next = await nextScheduledTime(db);
      if (current !== generation || stopped) return;
      if (next) arm(next.getTime() - clock.now().getTime());
      else clearTimeout(timer);
    } catch (error) {
      log.error({ err: error }, 'scheduled posts: the check failed');
      if (current === generation) arm(RETRY_AFTER_MS);
    }
  }

  const stopListening = cache.onClear(() => void check());
  void check();

  return () => {
    stopped = true;
    stopListening();
    clearTimeout(timer);
  };
}
