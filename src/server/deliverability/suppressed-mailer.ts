import type { SuppressionReason } from '../../domain/suppressions.schema.js';
import type { AppDatabase } from '../db/connection.js';
import type { Mailer } from '../newsletter/mail/mailer.js';
import { suppressionKey } from './suppression-list.js';

/** A send refused because the address is on the suppression list: not a relay failure, never retried. */
export class SuppressedAddressError extends Error {
  constructor(
    readonly email: string,
    readonly reason: SuppressionReason,
  ) {
    super(`${email} is on the suppression list (${reason}): nothing is sent to it`);
    this.name = 'SuppressedAddressError';
  }
}

/**
 * The mailer every email leaves through (issues, notices, confirmations, welcome and sequence
 * emails, tests), refusing any address on the suppression list before it reaches the relay; a
 * transactional email (a purchase's) is refused only for an address that bounced.
 */
export function withSuppressionCheck(mailer: Mailer, db: AppDatabase): Mailer {
  return {
    delivery: mailer.delivery,
    from: mailer.from,
    close: () => mailer.close(),
    async send(email) {
      const row = await db
        .selectFrom('mailSuppressions')
        .select('reason')
        .where('email', '=', suppressionKey(email.to))
        .executeTakeFirst();
      // A purchase's own mail still reaches an address suppressed for marketing; a bounced one is dead for all.
      if (row && !(email.transactional && row.reason !== 'bounce'))
        throw new SuppressedAddressError(email.to, row.reason as SuppressionReason);
      return mailer.send(email);
    },
  };
}
