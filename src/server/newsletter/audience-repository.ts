import { sql, type SelectQueryBuilder } from 'kysely';
import { EVERYTHING, interestOfAudience, type Audience } from '../../domain/newsletter-interests.js';
import type { AppDatabase } from '../db/connection.js';
import type { Database } from '../db/schema.js';

type SubscriberQuery = SelectQueryBuilder<Database, 'newsletterSubscriptions', object>;

/** The audience as stored with a sent issue: null for everyone. */
export const storedAudience = (audience: Audience | undefined): string | null =>
  !audience || audience.kind === 'everyone' ? null : JSON.stringify(audience);

/** Matches one quoted value inside the stored JSON list (interests hold no quotes or wildcards). */
const listed = (value: string) => `%${JSON.stringify(value)}%`;

/**
 * Narrows subscribers to an audience. A group of an interest holds the readers who chose it,
 * chose "everything", or never chose (read as everything). Preordered: the subscribers whose
 * address placed a preorder of the book (compared without case).
 */
export function inAudience(db: AppDatabase, query: SubscriberQuery, audience: Audience): SubscriberQuery {
  if (audience.kind === 'everyone') return query;
  if (audience.kind === 'preordered') {
    const preorderEmails = db
      .selectFrom('preorders')
      .select(sql<string>`lower(customer_email)`.as('email'))
      .where('bookId', '=', audience.bookId);
    return query.where(sql<string>`lower(email)`, 'in', preorderEmails);
  }
  const interest = interestOfAudience(audience)!;
  return query.where((eb) =>
    eb.or([
      eb('interests', 'is', null),
      eb('interests', '=', '[]'),
      eb('interests', 'like', listed(EVERYTHING)),
      eb('interests', 'like', listed(interest)),
    ]),
  );
}
