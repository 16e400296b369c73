import { sql } from 'kysely';
import type { SendFailure, SendFigures } from '../../../domain/newsletter-issues.js';
import type { AppDatabase } from '../../db/connection.js';
import { EVERYONE, type Audience } from '../../../domain/newsletter-interests.js';
import { inAudience, storedAudience } from '../audience-repository.js';
import { suppressAddress } from '../../deliverability/suppression-list.js';
import { timestampNow, toStoredBoolean } from '../../db/row-conversion.js';
import { markOrdersDelivered } from '../../sales/orders-repository.js';
import { arcMailWanted } from '../../arc/arc-emails.js';

/**
 * The durable send queue. A row goes pending → sending (claimed, committed before the message is
 * handed to the relay) → sent, or back to pending for a retry, or failed. A row found in
 * `sending` at start-up was in flight when the previous process died: it becomes `uncertain`
 * and is never sent again, so nobody receives a message twice.
 */
type QueueStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'uncertain' | 'skipped';

/** `preorder-update`: an issue sent to a book's preorder customers (the "Preordered <book>" audience). */
/** `arc`: the ARC team's emails (src/server/arc: chosen, reminders, thanks), one row per application. */
type MailKind = 'issue' | 'preorder' | 'preorder-update' | 'confirmation' | 'purchase' | 'arc' | 'comment-sign-in';

export type ClaimedMessage = {
  mailingId: string;
  recipientId: string;
  kind: MailKind;
  email: string;
  siteOrigin: string;
  attempts: number;
};

export type SendOutcome =
  | { message: ClaimedMessage; result: 'sent'; at: string }
  | { message: ClaimedMessage; result: 'retry'; error: string; nextAttemptAt: string }
  /** `bounced`: the relay refused the address itself (5xx): the subscriber is marked bounced. */
  | { message: ClaimedMessage; result: 'failed'; error: string; bounced: boolean };

const UNCERTAIN_REASON =
  'The server stopped while this message was being handed to the relay: it may have been delivered, so it is not sent again';

const LAST_ERROR_MAX = 500;

/**
 * The newsletter's recipients: active, never bounced, not suppressed, not paused, (when required)
 * confirmed, and in the audience (see newsletter-audience.ts).
 */
function issueRecipients(db: AppDatabase, requireConfirmation: boolean, audience: Audience = EVERYONE) {
  const now = timestampNow();
  let query = db
    .selectFrom('newsletterSubscriptions')
    .where('isActive', '=', toStoredBoolean(true))
    .where('bouncedAt', 'is', null)
    .where((eb) => eb.or([eb('pausedUntil', 'is', null), eb('pausedUntil', '<=', now)]))
    .where(({ not, exists, selectFrom, fn, ref }) =>
      not(
        exists(
          selectFrom('mailSuppressions as x')
            .select('x.email')
            .whereRef('x.email', '=', fn<string>('lower', [ref('newsletterSubscriptions.email')])),
        ),
      ),
    );
  if (requireConfirmation) query = query.where('confirmedAt', 'is not', null);
  return inAudience(db, query, audience);
}

/**
 * The customers a preorder update reaches: one per address among the book's preorders (its oldest preorder),
 * leaving out addresses that bounced, complained or were suppressed by hand. An unsubscribe from the newsletter
 * does not stop it: the update is about their own order, not marketing (as a purchase's email is).
 */
function preorderCustomers(db: AppDatabase, bookId: string) {
  return db
    .selectFrom('preorders as p')
    .where('p.bookId', '=', bookId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mailSuppressions as x')
            .select('x.email')
            .where('x.email', '=', sql<string>`lower(p.customer_email)`)
            .where('x.reason', '<>', 'unsubscribed'),
        ),
      ),
    )
    .groupBy(sql`lower(p.customer_email)`)
    .select([sql<string>`min(p.id)`.as('id'), sql<string>`min(p.customer_email)`.as('email')]);
}

export async function countIssueRecipients(
  db: AppDatabase,
  requireConfirmation: boolean,
  audience: Audience = EVERYONE,
): Promise<number> {
  if (audience.kind === 'preordered') {
    const row = await db
      .selectFrom(preorderCustomers(db, audience.bookId).as('c'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  const row = await issueRecipients(db, requireConfirmation, audience)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type EnqueueIssueResult =
  { kind: 'queued'; count: number } | { kind: 'not-a-draft' } | { kind: 'count-changed'; count: number };

/**
 * Sends a draft: one queue row per recipient (a single INSERT … SELECT) and the issue marked
 * sent, in one transaction. Refused when the issue is no longer a draft (a second click, another
 * tab) or when the number of recipients differs from the one the admin confirmed.
 */
export async function enqueueIssue(
  db: AppDatabase,
  options: {
    issueId: string;
    requireConfirmation: boolean;
    /** The count the admin confirmed; null for an issue sent with its scheduled post (nobody is there to confirm). */
    expectedRecipients: number | null;
    siteOrigin: string;
    audience?: Audience;
  },
): Promise<EnqueueIssueResult> {
  return db.transaction().execute(async (trx) => {
    const now = timestampNow();
    const marked = await trx
      .updateTable('newsletterIssues')
      .set({ status: 'sent', sentAt: now, audience: storedAudience(options.audience) })
      .where('id', '=', options.issueId)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (marked.numUpdatedRows !== 1n) return { kind: 'not-a-draft' as const };
    const count = await countIssueRecipients(trx, options.requireConfirmation, options.audience);
    if (options.expectedRecipients !== null && count !== options.expectedRecipients) {
      await trx
        .updateTable('newsletterIssues')
        .set({ status: 'draft', sentAt: null, audience: null })
        .where('id', '=', options.issueId)
        .execute();
      return { kind: 'count-changed' as const, count };
    }
    if (options.audience?.kind === 'preordered') {
      await trx
        .insertInto('mailQueue')
        .columns(['mailingId', 'recipientId', 'kind', 'email', 'siteOrigin', 'status', 'nextAttemptAt', 'createdAt'])
        .expression(
          trx
            .selectFrom(preorderCustomers(trx, options.audience.bookId).as('c'))
            .select((eb) => [
              eb.val(options.issueId).as('mailingId'),
              'c.id',
              eb.val('preorder-update').as('kind'),
              'c.email',
              eb.val(options.siteOrigin).as('siteOrigin'),
              eb.val('pending').as('status'),
              eb.val(now).as('nextAttemptAt'),
              eb.val(now).as('createdAt'),
            ]),
        )
        .execute();
      return { kind: 'queued' as const, count };
    }
    await trx
      .insertInto('mailQueue')
      .columns(['mailingId', 'recipientId', 'kind', 'email', 'siteOrigin', 'status', 'nextAttemptAt', 'createdAt'])
      .expression(
        issueRecipients(trx, options.requireConfirmation, options.audience).select((eb) => [
          eb.val(options.issueId).as('mailingId'),
          'id',
          eb.val('issue').as('kind'),
          'email',
          eb.val(options.siteOrigin).as('siteOrigin'),
          eb.val('pending').as('status'),
          eb.val(now).as('nextAttemptAt'),
          eb.val(now).as('createdAt'),
        ]),
      )
      .execute();
    return { kind: 'queued' as const, count };
  });
}

/** The mailing of every queued confirmation email (one row per subscription, reused on a later day). */
const CONFIRMATION_MAILING_ID = 'confirmation';

/**
 * Queues a confirmation email held back by the hourly caps, to leave at `sendAt`. `createdAt`
 * keeps when it was asked for (the email says so).
 */
export async function enqueueConfirmation(
  db: AppDatabase,
  request: { subscriptionId: string; email: string; origin: string; requestedAt: Date; sendAt: Date },
): Promise<void> {
  const row = {
    status: 'pending',
    attempts: 0,
    lastError: null,
    email: request.email,
    siteOrigin: request.origin,
    nextAttemptAt: request.sendAt.toISOString(),
    createdAt: request.requestedAt.toISOString(),
    claimedAt: null,
    sentAt: null,
  };
  await db
    .insertInto('mailQueue')
    .values({ mailingId: CONFIRMATION_MAILING_ID, recipientId: request.subscriptionId, kind: 'confirmation', ...row })
    .onConflict((conflict) => conflict.columns(['mailingId', 'recipientId']).doUpdateSet(row))
    .execute();
}

export const bookNoticeMailingId = (bookId: string) => `book-${bookId}`;

/**
 * Queues the notice "the book is out" to every preorder of the book not notified yet, and marks
 * them notified in the same transaction, so a preorder is never notified twice.
 */
export async function enqueuePreorderNotices(db: AppDatabase, bookId: string, siteOrigin: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = timestampNow();
    const marked = await trx
      .updateTable('preorders')
      .set({ notifiedAt: now })
      .where('bookId', '=', bookId)
      .where('notifiedAt', 'is', null)
      .executeTakeFirst();
    if (marked.numUpdatedRows === 0n) return 0;
    await trx
      .insertInto('mailQueue')
      .columns(['mailingId', 'recipientId', 'kind', 'email', 'siteOrigin', 'status', 'nextAttemptAt', 'createdAt'])
      .expression(
        trx
          .selectFrom('preorders')
          .where('bookId', '=', bookId)
          .where('notifiedAt', '=', now)
          .select((eb) => [
            eb.val(bookNoticeMailingId(bookId)).as('mailingId'),
            'id',
            eb.val('preorder').as('kind'),
            'customerEmail',
            eb.val(siteOrigin).as('siteOrigin'),
            eb.val('pending').as('status'),
            eb.val(now).as('nextAttemptAt'),
            eb.val(now).as('createdAt'),
          ]),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return Number(marked.numUpdatedRows);
  });
}

/**
 * The transactional lane: mail one reader is waiting for (a purchase's download link, a sign-up's
 * confirmation). It is claimed before any due issue or notice, so a purchase email never waits
 * behind a newsletter send of thousands.
 */
const TRANSACTIONAL_KINDS: MailKind[] = ['purchase', 'confirmation', 'comment-sign-in'];

/** Due, pending rows of one lane, oldest first, with what decides whether each may still go. */
function dueRows(trx: AppDatabase, nowText: string, lane: 'transactional' | 'bulk', limit: number) {
  return (
    trx
      .selectFrom('mailQueue as q')
      .leftJoin('newsletterSubscriptions as s', (join) =>
        join.onRef('s.id', '=', 'q.recipientId').on('q.kind', 'in', ['issue', 'confirmation']),
      )
      .leftJoin('preorders as p', (join) =>
        join.onRef('p.id', '=', 'q.recipientId').on('q.kind', 'in', ['preorder', 'preorder-update']),
      )
      .leftJoin('saleOrders as o', (join) => join.onRef('o.id', '=', 'q.recipientId').on('q.kind', '=', 'purchase'))
      .leftJoin('arcApplications as arc', (join) => join.onRef('arc.id', '=', 'q.recipientId').on('q.kind', '=', 'arc'))
      .leftJoin('newsletterSubscriptions as arcReader', 'arcReader.id', 'arc.subscriptionId')
      .leftJoin('mailSuppressions as x', (join) => join.on('x.email', '=', (eb) => eb.fn('lower', ['q.email'])))
      .select([
        'q.mailingId',
        'q.recipientId',
        'q.kind',
        'q.email',
        'q.siteOrigin',
        'q.attempts',
        's.isActive',
        's.bouncedAt',
        's.pausedUntil',
        's.confirmedAt',
        's.id as subscriptionId',
        'p.id as preorderId',
        'x.email as suppressedEmail',
        'x.reason as suppressedReason',
        'o.state as orderState',
        'arc.state as arcState',
        'arc.reviewedAt as arcReviewedAt',
        'arcReader.isActive as arcReaderActive',
      ])
      .where('q.status', '=', 'pending')
      .where('q.kind', lane === 'transactional' ? 'in' : 'not in', TRANSACTIONAL_KINDS)
      .where('q.nextAttemptAt', '<=', nowText)
      // A send paused for its bounce or complaint rate waits until the author resumes it.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('pausedMailings as pm')
              .select('pm.mailingId')
              .whereRef('pm.mailingId', '=', 'q.mailingId')
              .where('pm.resumedAt', 'is', null),
          ),
        ),
      )
      .orderBy('q.nextAttemptAt')
      .limit(limit)
      .execute()
  );
}

/**
 * Takes up to `limit` due messages for sending, in one committed transaction: each becomes
 * `sending` before it is handed to the relay. The transactional lane first (purchases,
 * confirmations), then issues and notices fill what is left of the round. Messages whose recipient
 * unsubscribed, bounced, is suppressed or was deleted meanwhile become `skipped` instead.
 */
export async function claimDueMessages(db: AppDatabase, now: Date, limit: number): Promise<ClaimedMessage[]> {
  return db.transaction().execute(async (trx) => {
    const nowText = now.toISOString();
    const rows = await dueRows(trx, nowText, 'transactional', limit);
    if (rows.length < limit) rows.push(...(await dueRows(trx, nowText, 'bulk', limit - rows.length)));
    const claimed: ClaimedMessage[] = [];
    for (const row of rows) {
      const deliverable =
        row.kind === 'arc'
          ? arcMailWanted({ ...row, subscriptionActive: row.arcReaderActive })
          : row.kind === 'purchase'
            ? // A purchase's email goes even to an address suppressed for marketing, never to a bounced one.
              (row.orderState === 'paid' || row.orderState === 'delivered') && row.suppressedReason !== 'bounce'
            : row.kind === 'preorder-update'
              ? // About their own preorder (still standing): past a newsletter unsubscribe, not past any other.
                row.preorderId !== null && (row.suppressedReason === null || row.suppressedReason === 'unsubscribed')
              : row.suppressedEmail !== null
                ? false
                : row.kind === 'comment-sign-in'
                  ? true
                  : row.kind === 'confirmation'
                    ? // Held back by the hourly caps: still wanted only while the subscription waits for it.
                      row.subscriptionId !== null && row.isActive === 1 && row.confirmedAt === null
                    : row.kind === 'issue'
                      ? row.subscriptionId !== null &&
                        row.isActive === 1 &&
                        row.bouncedAt === null &&
                        (row.pausedUntil === null || row.pausedUntil <= nowText)
                      : row.preorderId !== null;
      // Only a row still pending is taken: two workers (or databases without SQLite's one writer)
      // can never both claim it.
      const taken = await trx
        .updateTable('mailQueue')
        .set({ status: deliverable ? 'sending' : 'skipped', claimedAt: nowText })
        .where('mailingId', '=', row.mailingId)
        .where('recipientId', '=', row.recipientId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (deliverable && taken.numUpdatedRows === 1n)
        claimed.push({
          mailingId: row.mailingId,
          recipientId: row.recipientId,
          kind: row.kind as MailKind,
          email: row.email,
          siteOrigin: row.siteOrigin,
          attempts: row.attempts,
        });
    }
    return claimed;
  });
}

async function setStatus(
  db: AppDatabase,
  key: { mailingId: string; recipientId: string },
  status: QueueStatus,
  fields: {
    claimedAt?: string;
    sentAt?: string;
    lastError?: string | null;
    nextAttemptAt?: string;
    attempts?: number;
  } = {},
) {
  await db
    .updateTable('mailQueue')
    .set({ status, ...fields })
    .where('mailingId', '=', key.mailingId)
    .where('recipientId', '=', key.recipientId)
    .execute();
}

/** Records what became of claimed messages, all in one transaction. */
export async function recordOutcomes(db: AppDatabase, outcomes: SendOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db.transaction().execute(async (trx) => {
    // The orders first, then the queue rows, in the order every sale's transaction locks them (a payment or refund
    // event, a buyer's erasure): the other way round, PostgreSQL found a deadlock between a send and an erasure.
    const sentPurchases = outcomes
      .filter(
        (outcome): outcome is Extract<SendOutcome, { result: 'sent' }> =>
          outcome.result === 'sent' && outcome.message.kind === 'purchase',
      )
      .sort((a, b) => a.message.recipientId.localeCompare(b.message.recipientId));
    for (const outcome of sentPurchases) await markOrdersDelivered(trx, [outcome.message.recipientId], outcome.at);
    for (const outcome of outcomes) {
      const { message } = outcome;
      const attempts = message.attempts + 1;
      if (outcome.result === 'sent') {
        await setStatus(trx, message, 'sent', { sentAt: outcome.at, attempts, lastError: null });
      } else if (outcome.result === 'retry') {
        await setStatus(trx, message, 'pending', {
          attempts,
          lastError: outcome.error.slice(0, LAST_ERROR_MAX),
          nextAttemptAt: outcome.nextAttemptAt,
        });
      } else {
        await setStatus(trx, message, 'failed', { attempts, lastError: outcome.error.slice(0, LAST_ERROR_MAX) });
        if (outcome.bounced && message.kind === 'issue')
          await trx
            .updateTable('newsletterSubscriptions')
            .set({
              bouncedAt: timestampNow(),
              unsubscribedAt: sql<string>`COALESCE(unsubscribed_at, ${timestampNow()})`,
            })
            .where('id', '=', message.recipientId)
            .where('bouncedAt', 'is', null)
            .execute();
        if (outcome.bounced)
          await suppressAddress(trx, {
            email: message.email,
            reason: 'bounce',
            issueId: message.kind === 'issue' ? message.mailingId : null,
            note: outcome.error.slice(0, LAST_ERROR_MAX),
          });
      }
    }
  });
}

/** At start-up: messages left `sending` by a process that died; returns how many. */
export async function markInterruptedAsUncertain(db: AppDatabase): Promise<number> {
  const result = await db
    .updateTable('mailQueue')
    .set({ status: 'uncertain', lastError: UNCERTAIN_REASON })
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Puts a mailing's failed messages back in the queue (bounced addresses are then skipped). */
export async function retryFailedMessages(db: AppDatabase, mailingId: string): Promise<number> {
  const result = await db
    .updateTable('mailQueue')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: timestampNow() })
    .where('mailingId', '=', mailingId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const emptyFigures = (): SendFigures => ({ total: 0, sent: 0, failed: 0, remaining: 0, uncertain: 0, skipped: 0 });

/** The figures of each mailing (by id); mailings with no rows are absent. */
export async function figuresByMailing(db: AppDatabase, mailingIds: string[]): Promise<Map<string, SendFigures>> {
  const figures = new Map<string, SendFigures>();
  if (mailingIds.length === 0) return figures;
  const rows = await db
    .selectFrom('mailQueue')
    .select(['mailingId', 'status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('mailingId', 'in', mailingIds)
    .groupBy(['mailingId', 'status'])
    .execute();
  for (const row of rows) {
    const entry = figures.get(row.mailingId) ?? emptyFigures();
    const count = Number(row.count);
    entry.total += count;
    const status = row.status as QueueStatus;
    if (status === 'pending' || status === 'sending') entry.remaining += count;
    else entry[status] += count;
    figures.set(row.mailingId, entry);
  }
  return figures;
}

/** The failed messages of a mailing with their reasons (the first `limit`). */
export async function listFailures(db: AppDatabase, mailingId: string, limit = 100): Promise<SendFailure[]> {
  const rows = await db
    .selectFrom('mailQueue')
    .select(['email', 'lastError', 'attempts'])
    .where('mailingId', '=', mailingId)
    .where('status', '=', 'failed')
    .orderBy('email')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ email: row.email, error: row.lastError ?? 'Unknown error', attempts: row.attempts }));
}
