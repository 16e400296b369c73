import { startMailQueueJob } from '../newsletter/send-queue/mail-queue-job.js';
import type { TestApp } from './test-app.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The send queue's worker for a test app, as production runs it but quick: retries after 30 ms, a poll every 20 ms
 * when idle, no log lines, and no sending rate unless one is given. Returns the function that stops it.
 */
export function startTestMailWorker(t: TestApp, ratePerMinute: number | null = null): () => Promise<void> {
  return startMailQueueJob({
    db: t.services.db,
    mailer: t.services.mailing.queueMailer,
    messages: t.services.mailing.queuedMessages,
    ratePerMinute,
    log: quiet,
    retryBaseMs: 30,
    idlePollMs: 20,
  });
}
