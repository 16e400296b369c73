import { toCsv } from '../../../domain/csv.js';
import { EVERYTHING, NEW_RELEASES, seriesIdOfInterest } from '../../../domain/newsletter-interests.js';
import { subscriberState, type ExportedSubscriber } from './subscriber-states.js';

const NOTES: Record<ReturnType<typeof subscriberState>, string> = {
  subscribed: '',
  pending: 'Signed up but never confirmed the address: not subscribed',
  unsubscribed: '',
  bounced: 'Mail to this address bounced: not subscribed',
};

/** Ghost's labels: what the subscriber chose to hear about (series by name), and a state Ghost has no column for. */
function labelsOf(row: ExportedSubscriber, seriesNames: ReadonlyMap<string, string>): string {
  let interests: string[] = [];
  try {
    interests = row.interests ? (JSON.parse(row.interests) as string[]) : [];
  } catch {
    // An unreadable list: no labels from it.
  }
  const labels = interests.flatMap((interest) => {
    if (interest === EVERYTHING) return ['Everything'];
    if (interest === NEW_RELEASES) return ['New releases'];
    const name = seriesNames.get(seriesIdOfInterest(interest) ?? '');
    return name ? [name] : [];
  });
  const state = subscriberState(row);
  if (state === 'pending' || state === 'bounced') labels.push(state);
  return labels.map((label) => label.replace(/,/g, ' ')).join(',');
}

/**
 * The newsletter list in Ghost's member import format (Members → Import members; its columns in its order). Only a confirmed, active subscriber is
 * `subscribed_to_emails` true: an unsubscribed address stays unsubscribed, and one that never confirmed (or
 * bounces) arrives not subscribed, with a note and a label saying why. Nobody is given a paid plan.
 */
export function ghostMembersCsv(
  subscribers: readonly ExportedSubscriber[],
  seriesNames: ReadonlyMap<string, string>,
): string {
  return toCsv<ExportedSubscriber>(
    [
      { header: 'email', value: (row) => row.email },
      { header: 'name', value: (row) => row.name },
      { header: 'note', value: (row) => NOTES[subscriberState(row)] },
      { header: 'subscribed_to_emails', value: (row) => subscriberState(row) === 'subscribed' },
      { header: 'complimentary_plan', value: () => false },
      { header: 'stripe_customer_id', value: () => null },
      { header: 'created_at', value: (row) => row.createdAt },
      { header: 'deleted_at', value: () => null },
      { header: 'labels', value: (row) => labelsOf(row, seriesNames) },
    ],
    subscribers,
  );
}
