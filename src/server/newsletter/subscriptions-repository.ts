import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { newsletterStatusOf, type NewsletterSubscription } from '../../domain/submissions.js';
import type { AppDatabase } from '../db/connection.js';
import { mailboxKey } from './mailbox-key.js';
import { forgetConfirmationMailbox } from './confirmation-mailboxes-repository.js';
import { isUniqueViolation, newId, timestampNow, toBoolean, toDate, toStoredBoolean } from '../db/row-conversion.js';
import { removeSuppression, suppressAddress } from '../deliverability/suppression-list.js';

type ListedRow = {
  id: string;
  email: string;
  isActive: number;
  createdAt: string;
  confirmedAt: string | null;
  bouncedAt: string | null;
  interests?: string | null;
  source?: string | null;
  pausedUntil?: string | null;
};
const LISTED_COLUMNS = [
  'id',
  'email',
  'isActive',
  'createdAt',
  'confirmedAt',
  'bouncedAt',
  'interests',
  'source',
  'pausedUntil',
] as const;

/** Stored interests: a JSON list, or null when never chosen. */
export function parseInterests(stored: string | null | undefined): string[] | null {
  if (!stored) return null;
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : null;
  } catch {
    return null;
  }
}

function toSubscription(row: ListedRow): NewsletterSubscription {
  const subscription = {
    ...row,
    isActive: toBoolean(row.isActive),
    createdAt: toDate(row.createdAt),
    confirmedAt: row.confirmedAt === null ? null : toDate(row.confirmedAt),
    bouncedAt: row.bouncedAt === null ? null : toDate(row.bouncedAt),
    interests: parseInterests(row.interests),
    source: row.source ?? null,
    pausedUntil: row.pausedUntil ? toDate(row.pausedUntil) : null,
  };
  return { ...subscription, status: newsletterStatusOf(subscription) };
}

/** The removal log's reason when a reader who unsubscribed signs up again. */
const RESUBSCRIBED_REASON = 'Signed up again (the reader confirms by email)';

const newNonce = (): string => randomBytes(16).toString('base64url');

export type SubscribeOutcome =
  | { kind: 'subscribed'; subscription: NewsletterSubscription }
  | { kind: 'reactivated'; subscription: NewsletterSubscription }
  /** `pending`: still waiting for its confirmation, which may be sent again. */
  | { kind: 'already-subscribed'; subscriptionId: string; pending: boolean };

/**
 * Subscribes an address (already trimmed), waiting for confirmation. The unique index on
 * lower(email) decides races: of many parallel requests for one address exactly one row is
 * stored. An unsubscribed address signs up again as a new, unconfirmed subscription.
 */
export async function subscribeToNewsletter(
  db: AppDatabase,
  email: string,
  source: string | null = null,
): Promise<SubscribeOutcome> {
  const row = {
    id: newId(),
    email,
    isActive: toStoredBoolean(true),
    createdAt: timestampNow(),
    confirmedAt: null,
    confirmationNonce: newNonce(),
    confirmationSentAt: null,
    bouncedAt: null,
    source,
  };
  try {
    await db.insertInto('newsletterSubscriptions').values(row).execute();
    return { kind: 'subscribed', subscription: toSubscription(row) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const byEmail = sql<string>`lower(email)`;
  const reactivated = await db
    .updateTable('newsletterSubscriptions')
    .set({
      isActive: toStoredBoolean(true),
      confirmedAt: null,
      confirmationNonce: newNonce(),
      confirmationSentAt: null,
      // Back on the list: counted as gained again (when confirmed), from where they signed up this time.
      unsubscribedAt: null,
      source,
    })
    .where(byEmail, '=', email.toLowerCase())
    .where('isActive', '=', toStoredBoolean(false))
    .returning(LISTED_COLUMNS)
    .executeTakeFirst();
  if (reactivated) {
    // Their own new sign-up lifts their unsubscribe (never a bounce, complaint or the author's suppression).
    await removeSuppression(db, email, RESUBSCRIBED_REASON, 'unsubscribed');
    return { kind: 'reactivated', subscription: toSubscription(reactivated) };
  }
  const existing = await db
    .selectFrom('newsletterSubscriptions')
    .select(['id', 'confirmedAt'])
    .where(byEmail, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return { kind: 'already-subscribed', subscriptionId: existing.id, pending: existing.confirmedAt === null };
}

export type ConfirmationClaim = { email: string; nonce: string; claimedAt: string };

/**
 * Claims the right to send a pending subscription its confirmation email: granted when none
 * was sent within `minimumGapMs`. One UPDATE decides, so a burst of requests gets one claim.
 */
export async function claimConfirmationSend(
  db: AppDatabase,
  subscriptionId: string,
  now: Date,
  minimumGapMs: number,
): Promise<ConfirmationClaim | null> {
  const claimedAt = now.toISOString();
  const lastAllowed = new Date(now.getTime() - minimumGapMs).toISOString();
  const claimed = await db
    .updateTable('newsletterSubscriptions')
    .set({ confirmationSentAt: claimedAt })
    .where('id', '=', subscriptionId)
    .where('isActive', '=', toStoredBoolean(true))
    .where('confirmedAt', 'is', null)
    .where('confirmationNonce', 'is not', null)
    .where((eb) => eb.or([eb('confirmationSentAt', 'is', null), eb('confirmationSentAt', '<=', lastAllowed)]))
    .returning(['email', 'confirmationNonce'])
    .executeTakeFirst();
  if (!claimed?.confirmationNonce) return null;
  return { email: claimed.email, nonce: claimed.confirmationNonce, claimedAt };
}

/** Gives a claim back after its email could not be sent, so the next sign-up may try again. */
export async function releaseConfirmationSend(
  db: AppDatabase,
  subscriptionId: string,
  claimedAt: string,
): Promise<void> {
  await db
    .updateTable('newsletterSubscriptions')
    .set({ confirmationSentAt: null })
    .where('id', '=', subscriptionId)
    .where('confirmationSentAt', '=', claimedAt)
    .execute();
}

/**
 * Confirms a pending subscription whose link carries `nonce`; false when used, replaced or
 * unsubscribed. The owner wanted that email, so the mailbox's confirmation spacing starts afresh.
 */
export async function confirmSubscription(db: AppDatabase, subscriptionId: string, nonce: string): Promise<boolean> {
  const confirmed = await db
    .updateTable('newsletterSubscriptions')
    .set({ confirmedAt: timestampNow(), confirmationNonce: null })
    .where('id', '=', subscriptionId)
    .where('confirmationNonce', '=', nonce)
    .where('confirmedAt', 'is', null)
    .where('isActive', '=', toStoredBoolean(true))
    .returning('email')
    .executeTakeFirst();
  if (!confirmed) return false;
  await forgetConfirmationMailbox(db, mailboxKey(confirmed.email));
  return true;
}

/** Whether a subscription is confirmed and still active (a used confirmation link's page); false when deleted. */
export async function isConfirmedSubscriber(db: AppDatabase, subscriptionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('newsletterSubscriptions')
    .select('id')
    .where('id', '=', subscriptionId)
    .where('confirmedAt', 'is not', null)
    .where('isActive', '=', toStoredBoolean(true))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether this confirmation link (its nonce) may still confirm the subscription. */
export async function isConfirmationPending(db: AppDatabase, subscriptionId: string, nonce: string): Promise<boolean> {
  const row = await db
    .selectFrom('newsletterSubscriptions')
    .select('id')
    .where('id', '=', subscriptionId)
    .where('confirmationNonce', '=', nonce)
    .where('confirmedAt', 'is', null)
    .where('isActive', '=', toStoredBoolean(true))
    .executeTakeFirst();
  return row !== undefined;
}

/** The address of a subscription, for the unsubscribe page; undefined when it was deleted. */
export async function findSubscriptionEmail(db: AppDatabase, subscriptionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('newsletterSubscriptions')
    .select('email')
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  return row?.email;
}

/** The suppression note of a reader's own unsubscribe (a link in an email, or "This wasn't me"). */
const READER_UNSUBSCRIBE_NOTE = 'Unsubscribed themselves';

/**
 * Marks the subscription inactive (a pending confirmation link dies with it) and puts the address on the
 * suppression list (reason `unsubscribed`, `note` saying who asked), so the list, the suppression list and the
 * sends agree; idempotent (an address already listed keeps its first reason). False when there is no subscription.
 */
export async function unsubscribeFromNewsletter(
  db: AppDatabase,
  subscriptionId: string,
  note: string = READER_UNSUBSCRIBE_NOTE,
): Promise<boolean> {
  const work = async (trx: AppDatabase) => {
    const row = await trx
      .updateTable('newsletterSubscriptions')
      .set({
        isActive: toStoredBoolean(false),
        confirmationNonce: null,
        unsubscribedAt: sql<string>`COALESCE(unsubscribed_at, ${timestampNow()})`,
      })
      .where('id', '=', subscriptionId)
      .returning('email')
      .executeTakeFirst();
    if (!row) return false;
    await suppressAddress(trx, { email: row.email, reason: 'unsubscribed', note });
    return true;
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Erases a subscription (on the subscriber's request); its address, or null when there was none. */
export async function deleteNewsletterSubscription(db: AppDatabase, subscriptionId: string): Promise<string | null> {
  const row = await db
    .deleteFrom('newsletterSubscriptions')
    .where('id', '=', subscriptionId)
    .returning('email')
    .executeTakeFirst();
  // The author's notes on the reader go with them.
  await db.deleteFrom('readerChanges').where('subscriptionId', '=', subscriptionId).execute();
  return row?.email ?? null;
}

/** Records what a subscriber wants to hear about (at sign-up or on the preferences page). */
export async function setSubscriberInterests(db: AppDatabase, subscriptionId: string, interests: string[]) {
  await db
    .updateTable('newsletterSubscriptions')
    .set({ interests: JSON.stringify(interests) })
    .where('id', '=', subscriptionId)
    .execute();
}

/** Holds issues back until `until` (null resumes now); false when there is no active subscription. */
export async function pauseSubscription(db: AppDatabase, subscriptionId: string, until: Date | null) {
  const result = await db
    .updateTable('newsletterSubscriptions')
    .set({ pausedUntil: until ? until.toISOString() : null })
    .where('id', '=', subscriptionId)
    .where('isActive', '=', toStoredBoolean(true))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function findSubscription(
  db: AppDatabase,
  subscriptionId: string,
): Promise<NewsletterSubscription | undefined> {
  const row = await db
    .selectFrom('newsletterSubscriptions')
    .select(LISTED_COLUMNS)
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}
