/** The columns of a newsletter subscription the exports read. */
export type ExportedSubscriber = {
  id: string;
  email: string;
  name: string | null;
  isActive: number;
  createdAt: string;
  confirmedAt: string | null;
  bouncedAt: string | null;
  unsubscribedAt: string | null;
  interests: string | null;
};

/** A subscriber's consent as the exports write it: only `subscribed` agreed to mail and confirmed it. */
export function subscriberState(row: ExportedSubscriber): 'subscribed' | 'pending' | 'unsubscribed' | 'bounced' {
  if (!row.isActive) return 'unsubscribed';
  if (row.bouncedAt) return 'bounced';
  return row.confirmedAt ? 'subscribed' : 'pending';
}
