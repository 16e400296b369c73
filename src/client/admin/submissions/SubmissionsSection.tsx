import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Page } from '../../../domain/admin-lists.schema.js';
import { EmptyState, ListSkeleton, LoadError } from '../ui/ListStates.js';
import { SectionHeader } from '../ui/SectionHeader.js';
import { CsvDownloadButton } from './CsvDownloadButton.js';
import type { CsvExportName } from './download-csv.js';

/** A paged admin list as tRPC's useInfiniteQuery gives it: the pages read so far, and the next one on demand. */
type SubmissionsQuery<T> = {
  data: { pages: Page<T>[] } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
};

/** Rows the admin lists ask for at a time. */
export const ADMIN_LIST_PAGE = 100;

type SubmissionsSectionProps<T> = {
  /** e.g. 'Contact Submissions'; the heading adds the count: 'Contact Submissions (3)'. */
  title: string;
  query: SubmissionsQuery<T>;
  csv: CsvExportName;
  emptyHint: string;
  /** Shown under the heading whatever the list's state. */
  notice?: ReactNode;
  /** The list's whole size when known (the heading shows it); otherwise the rows read, with "+" while more follow. */
  total?: number;
  /** Shown above the list whatever it holds (filters); the empty state then says no row matches. */
  filters?: ReactNode;
  children: (items: T[]) => ReactNode;
};

/** An admin list of submissions: heading with count, Download CSV, and its loading, error and empty states. */
export function SubmissionsSection<T>({
  title,
  query,
  csv,
  emptyHint,
  notice,
  total,
  filters,
  children,
}: SubmissionsSectionProps<T>) {
  const items = query.data?.pages.flatMap((page) => page.items);
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
  else if (items.length === 0 && !filters) body = <EmptyState title={`No ${title}`} hint={emptyHint} />;
  else
    body = (
      <>
        {children(items)}
        {query.hasNextPage && (
          <Group justify="center" mt="md">
            <Button
              variant="default"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              aria-label={`Load more ${title.toLowerCase()}`}
            >
              Load more
            </Button>
          </Group>
        )}
      </>
    );
  const count = total ?? (items ? `${items.length}${query.hasNextPage ? '+' : ''}` : undefined);

  return (
    <Stack gap={0}>
      <SectionHeader
        title={count === undefined ? title : `${title} (${count.toLocaleString('en')})`}
        actions={<CsvDownloadButton name={csv} what={title.toLowerCase()} disabled={!items} />}
      />
      {notice}
      {filters}
      {body}
    </Stack>
  );
}
