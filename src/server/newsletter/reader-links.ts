import { GIFT_LINK_LIFETIME_DAYS } from '../../domain/newsletter-gift.js';
import type { AppDatabase } from '../db/connection.js';
import { createGiftLink } from './gift/gifts-repository.js';
import type { NewsletterTokens } from './newsletter-tokens.js';
import { linkWithToken } from './unsubscribe-links.js';

export const PREFERENCES_PATH = '/newsletter/preferences';
export const GIFT_PATH = '/newsletter/gift';

const DAY_MS = 24 * 60 * 60 * 1000;

export const preferencesUrlFor = (tokens: NewsletterTokens, origin: string, subscriptionId: string): string =>
  linkWithToken(origin, PREFERENCES_PATH, tokens.preferencesToken(subscriptionId));

/** A new personal download link (its own row and download allowance), valid 30 days from `now`. */
export async function newGiftUrl(
  db: AppDatabase,
  tokens: NewsletterTokens,
  origin: string,
  subscriptionId: string,
  now = Date.now(),
): Promise<string> {
  const linkId = await createGiftLink(db, subscriptionId);
  const token = tokens.giftToken({ linkId, subscriptionId, expiresAt: now + GIFT_LINK_LIFETIME_DAYS * DAY_MS });
  return linkWithToken(origin, GIFT_PATH, token);
}
