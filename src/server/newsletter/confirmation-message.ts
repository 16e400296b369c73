import { formatMomentUtc } from '../../domain/date-format.js';
import type { Mailer } from './mail/mailer.js';
import { CONFIRMATION_SUBJECT, renderConfirmationEmail } from './confirmation-email.js';
import { CONFIRMATION_LINK_LIFETIME_MS, type NewsletterTokens } from './newsletter-tokens.js';
import { CONFIRM_PATH, linkWithToken, NOT_ME_PATH, unsubscribeLinkFor } from './unsubscribe-links.js';

export type ConfirmationRequest = {
  subscriptionId: string;
  nonce: string;
  email: string;
  /** The origin of the email's links. */
  origin: string;
  /** When the sign-up asked for it (told in the email, never the asker's address). */
  requestedAt: Date;
};

/**
 * The confirmation email of one sign-up, sent at once or later from the send queue (the hourly
 * caps): its link works three days from when it is sent, and it says when it was asked for.
 */
export async function confirmationMessage(
  tokens: NewsletterTokens,
  mailer: Pick<Mailer, 'from'>,
  request: ConfirmationRequest,
  sentAt: Date,
): Promise<Parameters<Mailer['send']>[0]> {
  const { subscriptionId, origin } = request;
  const expiresAt = sentAt.getTime() + CONFIRMATION_LINK_LIFETIME_MS;
  const confirmToken = tokens.confirmToken({ subscriptionId, nonce: request.nonce, expiresAt });
  const unsubscribe = unsubscribeLinkFor(origin, tokens.unsubscribeToken(subscriptionId), mailer.from);
  const { html, text } = await renderConfirmationEmail({
    confirmUrl: linkWithToken(origin, CONFIRM_PATH, confirmToken),
    unsubscribeUrl: unsubscribe.url,
    siteUrl: new URL('/', origin).href,
    notMeUrl: linkWithToken(origin, NOT_ME_PATH, tokens.notMeToken(subscriptionId)),
    requestedAt: formatMomentUtc(request.requestedAt),
  });
  return { to: request.email, subject: CONFIRMATION_SUBJECT, html, text, headers: unsubscribe.headers };
}
