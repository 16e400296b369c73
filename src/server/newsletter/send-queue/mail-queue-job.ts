import type { AppDatabase } from '../../db/connection.js';
import { JobRunner, type Job } from '../../operations/jobs/job-runner.js';
import { pauseUnhealthySends } from '../../deliverability/send-health.js';
import { POOL_CONNECTIONS, type Mailer } from '../mail/mailer.js';
import {
  claimDueMessages,
  markInterruptedAsUncertain,
  recordOutcomes,
  type ClaimedMessage,
  type SendOutcome,
} from './mail-queue-repository.js';
import type { QueuedMessages } from './queued-messages.js';
import { outcomeOfFailure } from './send-outcome.js';
import type { QueueSignal } from './queue-signal.js';

type Log = {
  info: (fields: object, message: string) => void;
  warn: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
};

export type MailQueueJobOptions = {
  db: AppDatabase;
  /** A pooled mailer (its connections are reused from one message to the next). */
  mailer: Pick<Mailer, 'send'>;
  messages: Pick<QueuedMessages, 'build'>;
  /** MAIL_RATE: messages per minute; null sends as fast as the relay takes them. */
  ratePerMinute: number | null;
  log: Log;
  /** The first retry's wait after a temporary failure (then doubled each time). */
  retryBaseMs?: number;
  /** How often an idle queue looks for due messages. */
  idlePollMs?: number;
  /** What time it is for the queue (tests look at a later hour of a held-back backlog). */
  now?: () => Date;
  /** Runs a round at once when signalled (a purchase email was queued). */
  wake?: QueueSignal;
};

const DEFAULT_RETRY_BASE_MS = 60_000;
const DEFAULT_IDLE_POLL_MS = 1_000;

/**
 * The send queue's worker (a job of the site's JobRunner, in the server process).
 *
 * One round: claim a few due messages (committed as `sending`), hand them to the relay in
 * parallel over the pooled connections, then record every outcome in one transaction. At most
 * one round is in flight (the runner waits for it on stop), so a kill -9 leaves at most that many
 * messages (POOL_CONNECTIONS when the rate is unlimited, one otherwise) uncertain; the next start
 * marks them so and never sends them again. Database work is a few small transactions per round,
 * so the public site is not held up; the relay's slowness only delays the queue.
 */
export function mailQueueJob(options: MailQueueJobOptions): Job {
  const { db, mailer, messages, ratePerMinute, log } = options;
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const idlePollMs = options.idlePollMs ?? DEFAULT_IDLE_POLL_MS;
  const now = options.now ?? (() => new Date());
  const batchSize = ratePerMinute === null ? POOL_CONNECTIONS : 1;
  const gapMs = ratePerMinute === null ? 0 : 60_000 / ratePerMinute;
  /** At start and after a failed round: messages left `sending` are marked uncertain first. */
  let markInterrupted = true;

  async function sendOne(message: ClaimedMessage): Promise<SendOutcome> {
    try {
      const email = await messages.build(message);
      if (!email)
        return { message, result: 'failed', error: 'The recipient or the book no longer exists', bounced: false };
      await mailer.send(email);
      return { message, result: 'sent', at: new Date().toISOString() };
    } catch (error) {
      return outcomeOfFailure(message, error, Date.now(), retryBaseMs);
    }
  }

  /** One round; returns the wait before the next (none while messages are due and the rate allows). */
  async function round(): Promise<number> {
    if (markInterrupted) {
      const interrupted = await markInterruptedAsUncertain(db);
      markInterrupted = false;
      if (interrupted > 0)
        log.warn(
          { count: interrupted },
          'mail queue: messages in flight at the last stop are marked uncertain (not resent)',
        );
    }
    const startedAt = Date.now();
    const claimed = await claimDueMessages(db, now(), batchSize);
    if (claimed.length === 0) return idlePollMs;
    const outcomes = await Promise.all(claimed.map(sendOne));
    await recordOutcomes(db, outcomes);
    // Each round re-checks its issues' bounce and complaint rates (the denominator grows too).
    await pauseUnhealthySends(
      db,
      outcomes.filter((outcome) => outcome.message.kind === 'issue').map((outcome) => outcome.message.mailingId),
    );
    for (const outcome of outcomes)
      if (outcome.result !== 'sent')
        log.warn(
          { to: outcome.message.email, error: outcome.error, result: outcome.result },
          'mail queue: send failed',
        );
    return gapMs * claimed.length - (Date.now() - startedAt);
  }

  return {
    name: 'mail queue',
    ...(options.wake ? { wakeOn: (wake: () => void) => options.wake!.on(wake) } : {}),
    // A database hiccup: wait, then carry on (rows claimed meanwhile are marked uncertain).
    retryAfterMs: Math.max(idlePollMs, 5_000),
    run: async () => {
      try {
        return await round();
      } catch (error) {
        markInterrupted = true;
        throw error;
      }
    },
  };
}

/** The mail queue alone, on a JobRunner of its own (tests); returns its stop. */
export function startMailQueueJob(options: MailQueueJobOptions): () => Promise<void> {
  const runner = new JobRunner([mailQueueJob(options)], { log: options.log });
  runner.start();
  return () => runner.stop();
}
