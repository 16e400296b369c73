import { Text } from '@mantine/core';
import { trpc } from '../../trpc.js';

/** A post's or book page's views in the last 30 days (one query serves every list). */
export function ContentViews({ kind, id }: { kind: 'posts' | 'books'; id: string }) {
  const views = trpc.analytics.contentViews.useQuery(undefined, { staleTime: 60_000 }).data?.[kind][id];
  if (views === undefined) return null;
  return (
    <Text size="xs" c="dimmed">
      {views === 1 ? '1 page view' : `${new Intl.NumberFormat('en-US').format(views)} page views`} in the last 30 days
    </Text>
  );
}
