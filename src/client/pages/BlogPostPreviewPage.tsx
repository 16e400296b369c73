import { getRouteApi } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { POST_STATE_LABELS } from '../../domain/post-states.js';
import { BlogPostArticle } from '../blog/BlogPostArticle.js';
import { trpc } from '../trpc.js';
import reading from './reading.module.css';
import type { PagePrefetch } from './prefetch.js';
import { ReadingNotFound } from './ReadingNotFound.js';
import { ReadingSkeleton } from './ReadingSkeleton.js';

export const prefetch: PagePrefetch = (utils, params) =>
  params.id ? utils.blog.preview.ensureData({ id: params.id }).catch(() => undefined) : Promise.resolve();

const previewRoute = getRouteApi('/site/blog/preview/$id');

/** A post in any state as it will look, for the signed-in admin; anyone else sees "not found". */
const noSubscription = () => () => undefined;

/** The server and the first render in the browser show UTC (so hydration matches); then the author's own zone. */
function formatInZone(date: Date, inBrowserZone: boolean): string {
  return date.toLocaleString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(inBrowserZone ? {} : { timeZone: 'UTC' }),
  });
}

export default function BlogPostPreviewPage() {
  const { id } = previewRoute.useParams();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // The server rendered it with the admin's preview cookie; the browser keeps that answer (no refetch).
  const post = trpc.blog.preview.useQuery({ id }, { staleTime: Infinity, refetchOnWindowFocus: false, retry: false });

  if (post.isPending) return <ReadingSkeleton label="Loading preview" withCover />;
  if (!post.data) {
    return (
      <ReadingNotFound
        title="Blog Post Not Found"
        text="The blog post you're looking for doesn't exist or has been removed."
        back={{ to: '/blog', label: 'Back to Blog' }}
      />
    );
  }
  const data = post.data;
  return (
    <>
      <p className={reading.previewBar} role="status">
        Preview — {POST_STATE_LABELS[data.status]}
        {data.status === 'scheduled' && (
          <>
            {' for '}
            <time dateTime={data.publishedAt.toISOString()}>{formatInZone(data.publishedAt, hydrated)}</time>
          </>
        )}
        . {data.status === 'published' ? 'Readers see this post.' : 'Readers cannot see this post yet.'}
      </p>
      <BlogPostArticle post={data} />
    </>
  );
}
