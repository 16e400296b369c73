import type { AppDatabase } from '../db/connection.js';
import { pauseUnhealthySends } from '../deliverability/send-health.js';
import { POOL_CONNECTIONS, type Mailer } from '../mail/mailer.js';
import {
  claimDueMessages,
  markInterruptedAsUncertain,
  recordOutcomes,
  type ClaimedMessage,
  type SendOutcome,
} from '../repositories/mail-queue.js';
import type { QueuedMessages } from './queued-messages.js';
import { outcomeOfFailure } from './send-outcome.js';

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
};

const DEFAULT_RETRY_BASE_MS = 60_000;
const DEFAULT_IDLE_POLL_MS = 1_000;

/**
 * The send queue's worker, in the server process; returns a function that stops it once the
 * messages in flight are recorded.
 *
 * One round: claim a few due messages (committed as `sending`), hand them to the relay in
 * parallel over the pooled connections, then record every outcome in one transaction. At most
 * one round is in flight, so a kill -9 leaves at most that many messages (POOL_CONNECTIONS when
 * the rate is unlimited, one otherwise) uncertain; the next start marks them so and never sends
 * them again. Database work is a few small transactions per round, so the public site is not
 * held up; the relay's slowness only delays the queue.
 */
export function startMailQueueJob(options: MailQueueJobOptions): () => Promise<void> {
  const { db, mailer, messages, ratePerMinute, log } = options;
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const idlePollMs = options.idlePollMs ?? DEFAULT_IDLE_POLL_MS;
  const now = options.now ?? (() => new Date());
  const batchSize = ratePerMinute === null ? POOL_CONNECTIONS : 1;
  const gapMs = ratePerMinute === null ? 0 : 60_000 / ratePerMinute;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });

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

  async function run() {
    const interrupted = await markInterruptedAsUncertain(db);
    if (interrupted > 0)
      log.warn(
        { count: interrupted },
        'mail queue: messages in flight at the last stop are marked uncertain (not resent)',
      );
    while (!stopped) {
      const startedAt = Date.now();
      const claimed = await claimDueMessages(db, now(), batchSize);
      if (claimed.length === 0) {
        await sleep(idlePollMs);
        continue;
      }
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
      const wait = gapMs * claimed.length - (Date.now() - startedAt);
      if (wait > 0 && !stopped) await sleep(wait);
    }
  }

  const running = (async () => {
    for (;;) {
      try {
        await run();
        return;
      } catch (error) {
        // A database hiccup: wait, then carry on (rows claimed meanwhile are marked uncertain).
        log.error({ err: error }, 'mail queue: round failed');
        if (stopped) return;
        await sleep(Math.max(idlePollMs, 5_000));
      }
    }
  })();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    wake?.();
    await running;
  };
}
