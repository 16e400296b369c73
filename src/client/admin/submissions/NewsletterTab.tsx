import { Button, Checkbox, Chip, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { READER_STATE_LABELS, READER_STATES, type ReaderState } from '../../../domain/reader-states.js';
import type { ReaderListItem } from '../../../domain/readers.schema.js';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';
import { formatAdminDate } from '../ui/format-date.js';
import { BulkReaderActions } from './BulkReaderActions.js';
import { MailNotice } from './MailNotice.js';
import { ReaderProfileModal } from './ReaderProfileModal.js';
import { ReaderStateBadge } from './ReaderStateBadge.js';
import { ADMIN_LIST_PAGE, SubmissionsSection } from './SubmissionsSection.js';
import {
  ALL_SUBSCRIBERS,
  filterInput,
  isNarrowed,
  SubscriberFilters,
  type SubscriberFilter,
} from './subscriber-filters.js';
import { DeleteButton, useSubmissionDelete, type SubmissionDelete } from './use-submission-delete.js';

type Filter = ReaderState | 'all';

function StateFilter({
  value,
  onChange,
  counts,
}: {
  value: Filter;
  onChange: (filter: Filter) => void;
  counts: Record<Filter, number> | undefined;
}) {
  const options: Filter[] = ['all', ...READER_STATES];
  return (
    <Chip.Group value={value} onChange={(next) => onChange(next as Filter)}>
      <Group gap="xs" mb="md" role="radiogroup" aria-label="Show subscribers">
        {options.map((option) => (
          <Chip key={option} value={option} size="sm" variant="outline">
            {option === 'all' ? 'All' : READER_STATE_LABELS[option]} ({counts?.[option] ?? 0})
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

function SubscribedAt({ date }: { date: Date }) {
  return (
    <Text component="time" dateTime={date.toISOString()} size="sm" c="dimmed">
      {formatAdminDate(date)}
    </Text>
  );
}

function SubscriberTable({
  readers,
  remove,
  selected,
  onSelect,
  onOpen,
}: {
  readers: ReaderListItem[];
  remove: SubmissionDelete;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onOpen: (id: string) => void;
}) {
  if (readers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No subscribers match these filters.
      </Text>
    );
  const all = readers.every((reader) => selected.has(reader.id));
  const some = !all && readers.some((reader) => selected.has(reader.id));
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="xs" striped highlightOnHover aria-label="Subscribers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={36}>
              <Checkbox
                aria-label="Select all shown subscribers"
                checked={all}
                indeterminate={some}
                onChange={(event) =>
                  onSelect(
                    readers.map((reader) => reader.id),
                    event.currentTarget.checked,
                  )
                }
              />
            </Table.Th>
            <Table.Th scope="col">Subscriber</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              State
            </Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Subscribed
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {readers.map((reader) => (
            <Table.Tr key={reader.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${reader.email}`}
                  checked={selected.has(reader.id)}
                  onChange={(event) => onSelect([reader.id], event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td className={classes.breakAnywhere}>
                {reader.email}
                {reader.name && (
                  <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
                    {reader.name}
                  </Text>
                )}
                {/* On a phone the state and date sit under the address instead of in columns. */}
                <Stack gap={4} mt={6} align="flex-start" hiddenFrom="sm">
                  <ReaderStateBadge state={reader.state} size="xs" />
                  <SubscribedAt date={reader.createdAt} />
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                <ReaderStateBadge state={reader.state} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                <SubscribedAt date={reader.createdAt} />
              </Table.Td>
              <Table.Td ta="right">
                {/* The buttons stack on a phone, so the address column keeps room for the state's full name. */}
                <Group gap={4} justify="flex-end">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => onOpen(reader.id)}
                    aria-label={`Open ${reader.email}`}
                  >
                    Open
                  </Button>
                  <DeleteButton name={reader.email} onClick={() => remove.ask(reader.id, reader.email)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The subscriber list: search and filters, states with counts, bulk actions, and each reader's profile. */
export function NewsletterTab() {
  const [filter, setFilter] = useState<Filter>('all');
  const [narrow, setNarrow] = useState<SubscriberFilter>(ALL_SUBSCRIBERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<string | null>(null);
  // The search asks the server once typing pauses, not at every key.
  const [search] = useDebouncedValue(narrow.search, 300);
  const filters = filterInput({ ...narrow, search });
  const query = trpc.admin.newsletterSubscriptions.useInfiniteQuery(
    { ...filters, state: filter === 'all' ? null : filter, limit: ADMIN_LIST_PAGE },
    // No placeholder: rows of the previous filter never show under the new one.
    { getNextPageParam: (page) => page.nextCursor },
  );
  const summary = trpc.admin.newsletterSummary.useQuery(filters, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([
      utils.admin.newsletterSubscriptions.invalidate(),
      utils.admin.newsletterSummary.invalidate(),
      utils.suppressions.invalidate(),
    ]);
  const remove = useSubmissionDelete('subscriber', trpc.admin.deleteNewsletterSubscription.useMutation(), refresh);
  const series = trpc.series.list.useQuery();
  const seriesNames = new Map((series.data ?? []).map((entry) => [entry.id, entry.name]));
  const counts = summary.data && { all: summary.data.counts.all, ...summary.data.states };
  const isFiltered = filter !== 'all' || isNarrowed({ ...narrow, search });
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const changeFilters = (next: SubscriberFilter) => {
    setNarrow(next);
    setSelected(new Set());
  };
  return (
    <>
      <SubmissionsSection
        title="Newsletter Subscriptions"
        notice={<MailNotice />}
        query={query}
        csv="newsletter"
        emptyHint="Addresses signed up through the newsletter forms appear here."
        total={summary.data?.counts.all}
        filters={
          (isFiltered || (counts?.all ?? 0) > 0) && (
            <Stack gap={0}>
              <SubscriberFilters
                interests={summary.data?.interests ?? []}
                sources={summary.data?.sources ?? []}
                seriesNames={seriesNames}
                value={narrow}
                onChange={changeFilters}
              />
              <StateFilter
                value={filter}
                onChange={(next) => {
                  setFilter(next);
                  setSelected(new Set());
                }}
                counts={counts}
              />
              {selected.size > 0 && (
                <BulkReaderActions
                  ids={[...selected]}
                  seriesNames={seriesNames}
                  onDone={() => {
                    setSelected(new Set());
                    return refresh();
                  }}
                />
              )}
            </Stack>
          )
        }
      >
        {(readers) => (
          <SubscriberTable readers={readers} remove={remove} selected={selected} onSelect={select} onOpen={setOpen} />
        )}
      </SubmissionsSection>
      {remove.modal}
      <ReaderProfileModal id={open} seriesNames={seriesNames} onClose={() => setOpen(null)} onChanged={refresh} />
    </>
  );
}
