import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState, ListSkeleton, LoadError } from '../ui/ListStates.js';
import { SectionHeader } from '../ui/SectionHeader.js';
import { CsvDownloadButton } from './CsvDownloadButton.js';
import type { CsvExportName } from './download-csv.js';

type SubmissionsQuery<T> = {
  data: T[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

type SubmissionsSectionProps<T> = {
  /** e.g. 'Contact Submissions'; the heading adds the count: 'Contact Submissions (3)'. */
  title: string;
  query: SubmissionsQuery<T>;
  csv: CsvExportName;
  emptyHint: string;
  /** Shown under the heading whatever the list's state. */
  notice?: ReactNode;
  children: (items: T[]) => ReactNode;
};

/** An admin list of submissions: heading with count, Download CSV, and its loading, error and empty states. */
export function SubmissionsSection<T>({ title, query, csv, emptyHint, notice, children }: SubmissionsSectionProps<T>) {
  const items = query.data;
  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton label={`Loading ${title.toLowerCase()}`} height={88} />;
  else if (query.error || !items)
    body = (
      <LoadError
        title={`Failed to Load ${title}`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (items.length === 0) body = <EmptyState title={`No ${title}`} hint={emptyHint} />;
  else body = children(items);

  return (
    <Stack gap={0}>
      <SectionHeader
        title={items ? `${title} (${items.length})` : title}
        actions={<CsvDownloadButton name={csv} what={title.toLowerCase()} disabled={!items} />}
      />
      {notice}
      {body}
    </Stack>
  );
}
