import { Text } from '@mantine/core';
import { trpc } from '../../trpc.js';

/** Ids asked for in one query (the server takes at most 500). */
const IDS_PER_QUERY = 100;

/**
 * A post's or book page's views in the last 30 days. `shown` is every id the list shows (or just `id`): one query
 * asks for each hundred of them, and each row reads its own figure from its hundred's answer.
 */
export function ContentViews({ kind, id, shown = [id] }: { kind: 'posts' | 'books'; id: string; shown?: string[] }) {
  const start = Math.max(0, Math.floor(shown.indexOf(id) / IDS_PER_QUERY) * IDS_PER_QUERY);
  const ids = shown.includes(id) ? shown.slice(start, start + IDS_PER_QUERY) : [id];
  const input = kind === 'posts' ? { posts: ids } : { books: ids };
  const views = trpc.analytics.contentViews.useQuery(input, { staleTime: 60_000 }).data?.[kind][id];
  if (views === undefined) return null;
  return (
    <Text size="xs" c="dimmed">
      {views === 1 ? '1 page view' : `${new Intl.NumberFormat('en-US').format(views)} page views`} in the last 30 days
    </Text>
  );
}
