import { Group, Select } from '@mantine/core';
import { interestLabel } from '../../../domain/newsletter-interests.js';
import type { NewsletterSubscription } from '../../../domain/submissions.js';

export type SubscriberFilter = { interest: string; source: string };
export const ALL_SUBSCRIBERS: SubscriberFilter = { interest: 'all', source: 'all' };
const NO_CHOICE = 'none';
const UNKNOWN_SOURCE = 'unknown';

/** Subscribers matching an interest (as chosen: "no choice" are those who never chose) and a source. */
export function filterSubscribers(list: NewsletterSubscription[], filter: SubscriberFilter): NewsletterSubscription[] {
  return list.filter((subscription) => {
    const interests = subscription.interests ?? [];
    if (
      filter.interest === NO_CHOICE
        ? interests.length > 0
        : filter.interest !== 'all' && !interests.includes(filter.interest)
    )
      return false;
    const source = subscription.source ?? UNKNOWN_SOURCE;
    return filter.source === 'all' || source === filter.source;
  });
}

/** The interest and source pickers above the subscriber list. */
export function SubscriberFilters({
  subscriptions,
  seriesNames,
  value,
  onChange,
}: {
  subscriptions: NewsletterSubscription[];
  seriesNames: ReadonlyMap<string, string>;
  value: SubscriberFilter;
  onChange: (filter: SubscriberFilter) => void;
}) {
  const interests = [...new Set(subscriptions.flatMap((subscription) => subscription.interests ?? []))].sort();
  const sources = [...new Set(subscriptions.map((subscription) => subscription.source ?? UNKNOWN_SOURCE))].sort();
  return (
    <Group gap="sm" mb="md" wrap="wrap">
      <Select
        label="Interest"
        value={value.interest}
        allowDeselect={false}
        data={[
          { value: 'all', label: 'Any interest' },
          ...interests.map((interest) => ({ value: interest, label: interestLabel(interest, seriesNames) })),
          { value: NO_CHOICE, label: 'No choice made' },
        ]}
        onChange={(interest) => onChange({ ...value, interest: interest ?? 'all' })}
        w={{ base: '100%', xs: 240 }}
      />
      <Select
        label="Source"
        value={value.source}
        allowDeselect={false}
        data={[
          { value: 'all', label: 'Any source' },
          ...sources.map((source) => ({ value: source, label: source === UNKNOWN_SOURCE ? 'Not recorded' : source })),
        ]}
        onChange={(source) => onChange({ ...value, source: source ?? 'all' })}
        w={{ base: '100%', xs: 240 }}
      />
    </Group>
  );
}
