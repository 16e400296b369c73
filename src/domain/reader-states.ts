/**
 * The one state model of a reader (a newsletter subscription), shared by the admin's subscriber list and profile,
 * the suppression list and the sends: a reader is mailed issues only while `subscribed` (or `unconfirmed` where
 * the site does not ask for confirmation). An address on the suppression list is never shown as subscribed,
 * whatever its row says: the suppression's reason decides (bounce, complaint, unsubscribe, by hand).
 */
export const READER_STATES = [
  'subscribed',
  'unconfirmed',
  'unsubscribed',
  'bounced',
  'complained',
  'suppressed',
] as const;
export type ReaderState = (typeof READER_STATES)[number];

export const READER_STATE_LABELS: Record<ReaderState, string> = {
  subscribed: 'Subscribed',
  unconfirmed: 'Unconfirmed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  complained: 'Complained',
  suppressed: 'Suppressed',
};

/** What each state means, for the admin's list and profile. */
export const READER_STATE_MEANINGS: Record<ReaderState, string> = {
  subscribed: 'Confirmed; receives issues',
  unconfirmed: 'Signed up; the confirmation link was not followed yet',
  unsubscribed: 'Asked to stop (or the author unsubscribed them); on the suppression list',
  bounced: 'The address refused mail permanently; nothing is sent to it',
  complained: 'Marked an email as spam; nothing is sent to it',
  suppressed: 'Put on the suppression list by hand; nothing is sent to it',
};

/** The subscription row's facts the state depends on. */
export type ReaderFacts = { isActive: boolean; confirmedAt: Date | string | null; bouncedAt?: Date | string | null };

/**
 * The reader's state from their subscription and their suppression entry (null when the address is not on the
 * list). The suppression comes first: the sends skip every suppressed address, so the list must not call it
 * subscribed. The SQL twin of this function is `READER_STATE_SQL` in subscriptions-repository.ts.
 */
export function readerStateOf(subscription: ReaderFacts, suppressionReason: string | null): ReaderState {
  if (suppressionReason !== null) {
    if (suppressionReason === 'bounce') return 'bounced';
    if (suppressionReason === 'complaint') return 'complained';
    if (suppressionReason === 'unsubscribed') return 'unsubscribed';
    return 'suppressed';
  }
  if (!subscription.isActive) return 'unsubscribed';
  if (subscription.bouncedAt) return 'bounced';
  return subscription.confirmedAt ? 'subscribed' : 'unconfirmed';
}
