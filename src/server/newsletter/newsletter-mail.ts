import type { AppDatabase } from '../db/connection.js';
import { isSuppressed } from '../deliverability/suppression-list.js';
import { NoMailLinkOrigin } from '../site/http/site-origin.js';
import type { BackgroundSends } from './mail/background-sends.js';
import type { Mailer } from './mail/mailer.js';
import {
  claimConfirmationMailbox,
  postponeConfirmationMailbox,
  releaseConfirmationMailbox,
} from './confirmation-mailboxes-repository.js';
import { enqueueConfirmation } from './send-queue/mail-queue-repository.js';
import { claimConfirmationSend, releaseConfirmationSend } from './subscriptions-repository.js';
import {
  bookConfirmationSlot,
  DEFAULT_CONFIRMATION_CAPS,
  lanesFor,
  type ConfirmationCaps,
} from './signup-abuse/confirmation-schedule.js';
import { mailboxKey } from './mailbox-key.js';
import { networkKeyOf } from '../site/rate-limit/address-group.js';
import { confirmationMessage } from './confirmation-message.js';
import type { NewsletterTokens } from './newsletter-tokens.js';

/**
 * At most one confirmation email per mailbox in this time, however often and under however many
 * spellings it signs up: a stranger's sign-ups cannot fill someone's inbox.
 */
const CONFIRMATION_RESEND_GAP_MS = 24 * 60 * 60 * 1000;

export type ConfirmationOptions = {
  /** The sign-up came without a solved challenge while the challenge is on: the slow lane. */
  unverified?: boolean;
  /** The address the sign-up came from: its network (/24, /48) has its own hourly budget. */
  clientAddress?: string;
};

/** The newsletter's emails to one subscriber (for now the confirmation), sent in the background. */
export class NewsletterMail {
  constructor(
    private readonly db: AppDatabase,
    private readonly mailer: Mailer,
    private readonly tokens: NewsletterTokens,
    private readonly sends: BackgroundSends,
    private readonly caps: ConfirmationCaps = DEFAULT_CONFIRMATION_CAPS,
  ) {}

  /**
   * Sends a pending subscription its confirmation link, unless one went out to its mailbox within
   * the last day. Within the hourly caps (every confirmation, per destination domain) it leaves
   * at once; above them it waits in the send queue for its place in a later hour. A send that
   * fails gives its turn back, so signing up again retries.
   */
  requestConfirmation(subscriptionId: string, origin: string | null, options: ConfirmationOptions = {}): void {
    this.sends.run(async () => {
      // No trusted origin for the links (PUBLIC_URL unset, a request from afar): nothing is
      // claimed, so signing up again once PUBLIC_URL is set sends the link.
      if (origin === null) throw new NoMailLinkOrigin();
      const now = new Date();
      const claim = await claimConfirmationSend(this.db, subscriptionId, now, CONFIRMATION_RESEND_GAP_MS);
      if (!claim) return;
      const mailbox = mailboxKey(claim.email);
      // "This wasn't me" suppresses the mailbox too: no spelling of it is asked again.
      if ((await isSuppressed(this.db, claim.email)) || (await isSuppressed(this.db, mailbox))) return;
      if (!(await claimConfirmationMailbox(this.db, mailbox, claim.claimedAt, CONFIRMATION_RESEND_GAP_MS))) {
        await releaseConfirmationSend(this.db, subscriptionId, claim.claimedAt);
        return;
      }
      const release = async () => {
        await releaseConfirmationSend(this.db, subscriptionId, claim.claimedAt);
        await releaseConfirmationMailbox(this.db, mailbox, claim.claimedAt);
      };
      // A booking that fails gives the turn back, as a failed send does: signing up again retries.
      const slot = await bookConfirmationSlot(
        this.db,
        lanesFor(claim.email, this.caps, {
          unverified: options.unverified ?? false,
          network: options.clientAddress === undefined ? null : networkKeyOf(options.clientAddress),
        }),
        now,
      ).catch(async (error: unknown) => {
        await release();
        throw error;
      });
      if (!slot) return;
      const request = { subscriptionId, nonce: claim.nonce, email: claim.email, origin, requestedAt: now };
      if (slot.queued) {
        // The mailbox's day of spacing counts from when its email leaves.
        await postponeConfirmationMailbox(this.db, mailbox, claim.claimedAt, slot.sendAt.toISOString());
        await enqueueConfirmation(this.db, { ...request, sendAt: slot.sendAt });
        return;
      }
      try {
        await this.mailer.send(await confirmationMessage(this.tokens, this.mailer, request, now));
      } catch (error) {
        await release();
        throw error;
      }
    });
  }

  /** Resolves once the emails requested so far were sent (or failed). */
  settled(): Promise<void> {
    return this.sends.settled();
  }
}
