import { sql } from 'kysely';
import type { NewsletterSubscription } from '../../domain/submissions.js';
import type { AppDatabase } from '../db/connection.js';
import type { NewsletterSubscriptionRow } from '../db/schema.js';
import { isUniqueViolation, newId, timestampNow, toBoolean, toDate, toStoredBoolean } from './row-conversion.js';

const toSubscription = (row: NewsletterSubscriptionRow): NewsletterSubscription => ({
  ...row,
  isActive: toBoolean(row.isActive),
  createdAt: toDate(row.createdAt),
});

export type SubscribeOutcome =
  | { kind: 'subscribed'; subscription: NewsletterSubscription }
  | { kind: 'reactivated'; subscription: NewsletterSubscription }
  | { kind: 'already-subscribed' };

/**
 * Subscribes an address (already trimmed). The unique index on lower(email) decides races:
 * of many parallel requests for one address exactly one row is stored.
 */
export async function subscribeToNewsletter(db: AppDatabase, email: string): Promise<SubscribeOutcome> {
  const row = { id: newId(), email, isActive: toStoredBoolean(true), createdAt: timestampNow() };
  try {
    await db.insertInto('newsletterSubscriptions').values(row).execute();
    return { kind: 'subscribed', subscription: toSubscription(row) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const reactivated = await db
    .updateTable('newsletterSubscriptions')
    .set({ isActive: toStoredBoolean(true) })
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('isActive', '=', toStoredBoolean(false))
    .returning(['id', 'email', 'isActive', 'createdAt'])
    .executeTakeFirst();
  return reactivated
    ? { kind: 'reactivated', subscription: toSubscription(reactivated) }
    : { kind: 'already-subscribed' };
}

/** Newest first. */
export async function listNewsletterSubscriptions(db: AppDatabase): Promise<NewsletterSubscription[]> {
  const rows = await db
    .selectFrom('newsletterSubscriptions')
    .select(['id', 'email', 'isActive', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map(toSubscription);
}
