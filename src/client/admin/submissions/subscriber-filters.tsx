import { Group, Select, TextInput } from '@mantine/core';
import { NO_INTEREST_CHOSEN, UNKNOWN_SOURCE } from '../../../domain/admin-lists.schema.js';
import { interestLabel } from '../../../domain/newsletter-interests.js';

/** What narrows the subscriber list, on the server: part of the address, an interest and a source ('all': any). */
export type SubscriberFilter = { search: string; interest: string; source: string };
export const ALL_SUBSCRIBERS: SubscriberFilter = { search: '', interest: 'all', source: 'all' };

/** The filters as the list's procedures take them. */
export function filterInput(filter: SubscriberFilter) {
  return {
    search: filter.search,
    interest: filter.interest === 'all' ? null : filter.interest,
    source: filter.source === 'all' ? null : filter.source,
  };
}

/** The address search and the interest and source pickers above the subscriber list. */
export function SubscriberFilters({
  interests,
  sources,
  seriesNames,
  value,
  onChange,
}: {
  interests: string[];
  sources: string[];
  seriesNames: ReadonlyMap<string, string>;
  value: SubscriberFilter;
  onChange: (filter: SubscriberFilter) => void;
}) {
  return (
    <Group gap="sm" mb="md" wrap="wrap" align="flex-end">
      <TextInput
        label="Search addresses"
        type="search"
        value={value.search}
        maxLength={200}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        w={{ base: '100%', xs: 240 }}
      />
      <Select
        label="Interest"
        value={value.interest}
        allowDeselect={false}
        data={[
          { value: 'all', label: 'Any interest' },
          ...interests.map((interest) => ({ value: interest, label: interestLabel(interest, seriesNames) })),
          { value: NO_INTEREST_CHOSEN, label: 'No choice made' },
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
