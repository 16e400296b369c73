import type { PublicGift } from '../../domain/newsletter-gift.js';
import type { AppDatabase } from '../db/connection.js';
import { enqueueSequence, listSequence, WELCOME_STEP } from './issues/newsletter-issues-repository.js';
import { findActiveGift, toPublicGift } from './gift/gifts-repository.js';
import { findSubscriptionEmail } from './subscriptions-repository.js';
import type { NoticePage } from './notice-page.js';

/**
 * On confirmation: queues the welcome email (now) and the enabled follow-ups (after their
 * delays) for the subscriber; says which gift the welcome email brings, if any.
 */
export async function startWelcomeSequence(
  db: AppDatabase,
  subscriptionId: string,
  origin: string,
): Promise<{ gift: PublicGift | null }> {
  const email = await findSubscriptionEmail(db, subscriptionId);
  if (email === undefined) return { gift: null };
  await enqueueSequence(db, { id: subscriptionId, email }, new Date(), origin);
  const welcome = (await listSequence(db)).find((issue) => issue.sequenceStep === WELCOME_STEP);
  const gift = welcome?.sequenceEnabled ? await findActiveGift(db) : undefined;
  return { gift: gift ? toPublicGift(gift) : null };
}

/** The confirmation page, with the gift on its way when there is one. */
export function withGiftBlock(page: NoticePage, gift: PublicGift | null): NoticePage {
  if (!gift) return page;
  return {
    ...page,
    paragraphs: [
      ...page.paragraphs,
      `Your gift, ${gift.title}, is on its way: the welcome email carries your personal download link.`,
    ],
  };
}
