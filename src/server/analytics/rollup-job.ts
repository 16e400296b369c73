import type { AppDatabase } from '../db/connection.js';
import { runExclusively } from '../postgres/run-exclusively.js';
import { rollUpAnalytics } from './rollup.js';

type Log = { info: (message: string) => void; error: (details: object, message: string) => void };

const FIRST_RUN_DELAY_MS = 30_000;
const EVERY_MS = 60 * 60_000;

/**
 * The analytics roll-up, started by `serve.ts` and run under an
 * advisory lock on PostgreSQL (one instance at a time; a day is rolled up once either way). Runs
 * shortly after start and then every hour. Returns a stop function.
 */
export function startAnalyticsRollup(db: AppDatabase, log: Log): () => void {
  let stopped = false;
  const run = async () => {
    try {
      const result = await runExclusively(db, 'analytics roll-up', () => rollUpAnalytics(db));
      if (result.ran && result.value.daysRolledUp > 0)
        log.info(
          `analytics: ${result.value.daysRolledUp} days rolled up, ${result.value.eventsDeleted} old views removed`,
        );
    } catch (error) {
      if (!stopped) log.error({ err: error }, 'analytics: the roll-up failed');
    }
  };
  const first = setTimeout(() => void run(), FIRST_RUN_DELAY_MS);
  const every = setInterval(() => void run(), EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
}
