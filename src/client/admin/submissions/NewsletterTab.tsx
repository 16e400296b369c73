import { Badge, Chip, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import {
  NEWSLETTER_STATUS_LABELS,
  NEWSLETTER_STATUSES,
  type NewsletterStatus,
  type NewsletterSubscription,
} from '../../../domain/submissions.js';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';
import { formatAdminDate } from '../ui/format-date.js';
import { MailNotice } from './MailNotice.js';
import { ADMIN_LIST_PAGE, SubmissionsSection } from './SubmissionsSection.js';
import { ALL_SUBSCRIBERS, filterInput, SubscriberFilters, type SubscriberFilter } from './subscriber-filters.js';
import { DeleteButton, useSubmissionDelete, type SubmissionDelete } from './use-submission-delete.js';

/** Badge colours on the dark surface (light variant): readable text, one hue per status. */
const STATUS_COLORS: Record<NewsletterStatus, string> = {
  pending: 'yellow',
  active: 'green',
  unsubscribed: 'gray',
  bounced: 'red',
};

type Filter = NewsletterStatus | 'all';

const NO_COUNTS: Record<Filter, number> = { all: 0, pending: 0, active: 0, unsubscribed: 0, bounced: 0 };

function StatusFilter({
  value,
  onChange,
  counts,
}: {
  value: Filter;
  onChange: (filter: Filter) => void;
  counts: Record<Filter, number>;
}) {
  const options: Filter[] = ['all', ...NEWSLETTER_STATUSES];
  return (
    <Chip.Group value={value} onChange={(next) => onChange(next as Filter)}>
      <Group gap="xs" mb="md" role="radiogroup" aria-label="Show subscribers">
        {options.map((option) => (
          <Chip key={option} value={option} size="sm" variant="outline">
            {option === 'all' ? 'All' : NEWSLETTER_STATUS_LABELS[option]} ({counts[option]})
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

function StatusBadge({ status }: { status: NewsletterStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm">
      {NEWSLETTER_STATUS_LABELS[status]}
    </Badge>
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
  subscriptions,
  remove,
}: {
  subscriptions: NewsletterSubscription[];
  remove: SubmissionDelete;
}) {
  if (subscriptions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No subscribers with this status.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="xs" striped highlightOnHover aria-label="Subscribers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Status
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
          {subscriptions.map((subscription) => (
            <Table.Tr key={subscription.id}>
              <Table.Td className={classes.breakAnywhere}>
                {subscription.email}
                {/* On a phone the status and date sit under the address instead of in columns. */}
                <Stack gap={4} mt={6} align="flex-start" hiddenFrom="sm">
                  <StatusBadge status={subscription.status} />
                  <SubscribedAt date={subscription.createdAt} />
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                <StatusBadge status={subscription.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                <SubscribedAt date={subscription.createdAt} />
              </Table.Td>
              <Table.Td ta="right">
                <DeleteButton
                  name={subscription.email}
                  onClick={() => remove.ask(subscription.id, subscription.email)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function NewsletterTab() {
  const [filter, setFilter] = useState<Filter>('all');
  const [narrow, setNarrow] = useState<SubscriberFilter>(ALL_SUBSCRIBERS);
  // The search asks the server once typing pauses, not at every key.
  const [search] = useDebouncedValue(narrow.search, 300);
  const filters = filterInput({ ...narrow, search });
  const query = trpc.admin.newsletterSubscriptions.useInfiniteQuery(
    { ...filters, status: filter === 'all' ? null : filter, limit: ADMIN_LIST_PAGE },
    // No placeholder: rows of the previous filter never show under the new one.
    { getNextPageParam: (page) => page.nextCursor },
  );
  const summary = trpc.admin.newsletterSummary.useQuery(filters, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const remove = useSubmissionDelete('subscriber', trpc.admin.deleteNewsletterSubscription.useMutation(), () =>
    Promise.all([utils.admin.newsletterSubscriptions.invalidate(), utils.admin.newsletterSummary.invalidate()]),
  );
  const series = trpc.series.list.useQuery();
  const seriesNames = new Map((series.data ?? []).map((entry) => [entry.id, entry.name]));
  const counts = summary.data?.counts ?? NO_COUNTS;
  const isFiltered = filter !== 'all' || narrow.interest !== 'all' || narrow.source !== 'all' || search !== '';
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
          (isFiltered || counts.all > 0) && (
            <Stack gap={0}>
              <SubscriberFilters
                interests={summary.data?.interests ?? []}
                sources={summary.data?.sources ?? []}
                seriesNames={seriesNames}
                value={narrow}
                onChange={setNarrow}
              />
              <StatusFilter value={filter} onChange={setFilter} counts={counts} />
            </Stack>
          )
        }
      >
        {(subscriptions) => <SubscriberTable subscriptions={subscriptions} remove={remove} />}
      </SubmissionsSection>
      {remove.modal}
    </>
  );
}
