import { Group, Select, TextInput } from '@mantine/core';
import {
  ENGAGEMENT_FILTERS,
  ENGAGEMENT_LABELS,
  NO_INTEREST_CHOSEN,
  UNKNOWN_SOURCE,
  type EngagementFilter,
} from '../../../domain/admin-lists.schema.js';
import { interestLabel } from '../../../domain/newsletter-interests.js';

/**
 * What narrows the subscriber list, on the server: part of the address or name, an interest, a source, the days
 * they signed up between and whether they clicked lately ('all' / '': any).
 */
export type SubscriberFilter = {
  search: string;
  interest: string;
  source: string;
  signedUpFrom: string;
  signedUpTo: string;
  engaged: EngagementFilter | 'all';
};
export const ALL_SUBSCRIBERS: SubscriberFilter = {
  search: '',
  interest: 'all',
  source: 'all',
  signedUpFrom: '',
  signedUpTo: '',
  engaged: 'all',
};

/** Whether any filter narrows the list. */
export const isNarrowed = (filter: SubscriberFilter) =>
  (Object.keys(ALL_SUBSCRIBERS) as (keyof SubscriberFilter)[]).some((key) => filter[key] !== ALL_SUBSCRIBERS[key]);

/** The filters as the list's procedures take them (a range whose ends are the wrong way round is swapped). */
export function filterInput(filter: SubscriberFilter) {
  const [from, to] =
    filter.signedUpFrom && filter.signedUpTo && filter.signedUpFrom > filter.signedUpTo
      ? [filter.signedUpTo, filter.signedUpFrom]
      : [filter.signedUpFrom, filter.signedUpTo];
  return {
    search: filter.search,
    interest: filter.interest === 'all' ? null : filter.interest,
    source: filter.source === 'all' ? null : filter.source,
    signedUpFrom: from || null,
    signedUpTo: to || null,
    engaged: filter.engaged === 'all' ? null : filter.engaged,
  };
}

const FIELD_WIDTH = { base: '100%', xs: 220 };

/** The search and the pickers above the subscriber list. */
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
        label="Search addresses and names"
        type="search"
        value={value.search}
        maxLength={200}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        w={FIELD_WIDTH}
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
        w={FIELD_WIDTH}
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
        w={FIELD_WIDTH}
      />
      <Select
        label="Engaged"
        value={value.engaged}
        allowDeselect={false}
        data={[
          { value: 'all', label: 'Anyone' },
          ...ENGAGEMENT_FILTERS.map((engaged) => ({ value: engaged, label: ENGAGEMENT_LABELS[engaged] })),
        ]}
        onChange={(engaged) => onChange({ ...value, engaged: (engaged ?? 'all') as SubscriberFilter['engaged'] })}
        w={FIELD_WIDTH}
      />
      <TextInput
        label="Signed up from"
        type="date"
        value={value.signedUpFrom}
        onChange={(event) => onChange({ ...value, signedUpFrom: event.currentTarget.value })}
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
      />
      <TextInput
        label="Signed up to"
        type="date"
        value={value.signedUpTo}
        onChange={(event) => onChange({ ...value, signedUpTo: event.currentTarget.value })}
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
      />
    </Group>
  );
}
