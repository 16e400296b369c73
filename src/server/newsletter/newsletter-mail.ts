import type { AppDatabase } from '../db/connection.js';
import { NoMailLinkOrigin } from '../http/site-origin.js';
import type { BackgroundSends } from '../mail/background-sends.js';
import type { Mailer } from '../mail/mailer.js';
import { claimConfirmationMailbox, releaseConfirmationMailbox } from '../repositories/confirmation-mailboxes.js';
import { claimConfirmationSend, releaseConfirmationSend } from '../repositories/newsletter-subscriptions.js';
import { mailboxKey } from './mailbox-key.js';
import { CONFIRMATION_SUBJECT, renderConfirmationEmail } from './confirmation-email.js';
import { CONFIRMATION_LINK_LIFETIME_MS, type NewsletterTokens } from './newsletter-tokens.js';
import { CONFIRM_PATH, linkWithToken, unsubscribeLinkFor } from './unsubscribe-links.js';

/**
 * At most one confirmation email per mailbox in this time, however often and under however many
 * spellings it signs up: a stranger's sign-ups cannot fill someone's inbox.
 */
const CONFIRMATION_RESEND_GAP_MS = 24 * 60 * 60 * 1000;

/** The newsletter's emails to one subscriber (for now the confirmation), sent in the background. */
export class NewsletterMail {
  constructor(
    private readonly db: AppDatabase,
    private readonly mailer: Mailer,
    private readonly tokens: NewsletterTokens,
    private readonly sends: BackgroundSends,
  ) {}

  /**
   * Sends a pending subscription its confirmation link, unless one went out to its mailbox within
   * the last day. A send that fails gives its turn back, so signing up again retries.
   */
  requestConfirmation(subscriptionId: string, origin: string | null): void {
    this.sends.run(async () => {
      // No trusted origin for the links (PUBLIC_URL unset, a request from afar): nothing is
      // claimed, so signing up again once PUBLIC_URL is set sends the link.
      if (origin === null) throw new NoMailLinkOrigin();
      const now = new Date();
      const claim = await claimConfirmationSend(this.db, subscriptionId, now, CONFIRMATION_RESEND_GAP_MS);
      if (!claim) return;
      const mailbox = mailboxKey(claim.email);
      if (!(await claimConfirmationMailbox(this.db, mailbox, claim.claimedAt, CONFIRMATION_RESEND_GAP_MS))) {
        await releaseConfirmationSend(this.db, subscriptionId, claim.claimedAt);
        return;
      }
      try {
        const expiresAt = now.getTime() + CONFIRMATION_LINK_LIFETIME_MS;
        const confirmToken = this.tokens.confirmToken({ subscriptionId, nonce: claim.nonce, expiresAt });
        const unsubscribe = unsubscribeLinkFor(origin, this.tokens.unsubscribeToken(subscriptionId), this.mailer.from);
        const { html, text } = await renderConfirmationEmail({
          confirmUrl: linkWithToken(origin, CONFIRM_PATH, confirmToken),
          unsubscribeUrl: unsubscribe.url,
          siteUrl: new URL('/', origin).href,
        });
        await this.mailer.send({
          to: claim.email,
          subject: CONFIRMATION_SUBJECT,
          html,
          text,
          headers: unsubscribe.headers,
        });
      } catch (error) {
        await releaseConfirmationSend(this.db, subscriptionId, claim.claimedAt);
        await releaseConfirmationMailbox(this.db, mailbox, claim.claimedAt);
        throw error;
      }
    });
  }

  /** Resolves once the emails requested so far were sent (or failed). */
  settled(): Promise<void> {
    return this.sends.settled();
  }
}
