import { Text } from '@mantine/core';
import { trpc } from '../../trpc.js';

/** A post's page views in the last 30 days (one query serves the whole post list). */
export function PostViews({ postId }: { postId: string }) {
  const views = trpc.analytics.postViews.useQuery(undefined, { staleTime: 60_000 }).data?.[postId];
  if (views === undefined) return null;
  return (
    <Text size="xs" c="dimmed">
      {views === 1 ? '1 view' : `${new Intl.NumberFormat('en-US').format(views)} views`} in the last 30 days
    </Text>
  );
}
