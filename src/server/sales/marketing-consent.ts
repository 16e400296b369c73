import type { AppDatabase } from '../db/connection.js';
import type { NewsletterMail } from '../newsletter/newsletter-mail.js';
import { subscribeToNewsletter } from '../newsletter/subscriptions-repository.js';

/**
 * A buyer who ticked the provider's marketing opt-in at checkout is signed up as any reader is:
 * an unconfirmed subscription (source `purchase`) and the confirmation email, so the newsletter's
 * double opt-in holds. A buyer who did not tick it is never subscribed.
 */
export async function subscribeConsentingBuyer(
  db: AppDatabase,
  newsletterMail: Pick<NewsletterMail, 'requestConfirmation'>,
  email: string,
  origin: string,
): Promise<void> {
  const outcome = await subscribeToNewsletter(db, email, 'purchase');
  const pendingId =
    outcome.kind === 'already-subscribed' ? (outcome.pending ? outcome.subscriptionId : null) : outcome.subscription.id;
  if (pendingId) newsletterMail.requestConfirmation(pendingId, origin);
}
