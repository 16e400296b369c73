import { PURCHASE_LINK_LIFETIME_DAYS } from '../../domain/sales.js';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import { linkWithToken } from '../newsletter/unsubscribe-links.js';

export const LIBRARY_PATH = '/library';
export const DOWNLOAD_PATH = '/library/download';
export const THANK_YOU_PATH = '/thank-you';
/** The thank-you page's button that sends the purchase email again. */
export const RESEND_PATH = `${THANK_YOU_PATH}/resend`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A fresh personal download link of an order (refused once the order is refunded or revoked). */
export const purchaseDownloadUrl = (tokens: NewsletterTokens, origin: string, orderId: string, now = Date.now()) =>
  linkWithToken(
    origin,
    DOWNLOAD_PATH,
    tokens.purchaseToken({ orderId, expiresAt: now + PURCHASE_LINK_LIFETIME_DAYS * DAY_MS }),
  );
