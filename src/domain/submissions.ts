export const CONTACT_MESSAGE_ROWS = 5;

export type ContactSubmission = { id: string; name: string; email: string; message: string; createdAt: Date };

/**
 * Pending: signed up, confirmation link not followed yet. Unsubscribed: isActive false.
 * Bounced: the relay refused the address permanently; nothing is sent to it any more.
 * The older status, kept for scripts (`status`); the admin shows the reader's state (reader-states.ts).
 */
export const NEWSLETTER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
export function newsletterStatusOf(subscription: {
  isActive: boolean;
  confirmedAt: Date | null;
  bouncedAt?: Date | null;
}): NewsletterStatus {
  if (!subscription.isActive) return 'unsubscribed';
  if (subscription.bouncedAt) return 'bounced';
  return subscription.confirmedAt ? 'active' : 'pending';
}

export type NewsletterSubscription = {
  id: string;
  email: string;
  isActive: boolean;
  createdAt: Date;
  confirmedAt: Date | null;
  /** When the relay refused the address permanently; null while it is deliverable. */
  bouncedAt: Date | null;
  /** What the reader asked for (see newsletter-interests.ts); null when never chosen (everything). */
  interests: string[] | null;
  /** Where the subscriber came from (`form:<path>`, `api`, `import:<service>`); null before it was recorded. */
  source: string | null;
  /** Issues held back until then (paused from the preferences page). */
  pausedUntil: Date | null;
  status: NewsletterStatus;
};

/** The seed's three, and the audiobook a book's editions may offer. */
export const PREORDER_FORMATS = ['ebook', 'paperback', 'hardcover', 'audiobook'] as const;
export type PreorderFormat = (typeof PREORDER_FORMATS)[number];
export const PREORDER_FORMAT_LABELS: Record<PreorderFormat, string> = {
  ebook: 'eBook',
  paperback: 'Paperback',
  hardcover: 'Hardcover',
  audiobook: 'Audiobook',
};

export type Preorder = {
  id: string;
  bookId: string;
  bookTitle: string;
  customerName: string;
  customerEmail: string;
  preferredFormat: PreorderFormat;
  phoneNumber: string | null;
  specialRequests: string | null;
  createdAt: Date;
  /** When the customer was told the book is out (once); null until then. */
  notifiedAt: Date | null;
};
