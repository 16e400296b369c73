import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { BlogPostArticle } from '../blog/BlogPostArticle.js';
import { Comments } from '../comments/Comments.js';
import { trpc } from '../trpc.js';
import type { PagePrefetch } from './prefetch.js';
import { ReadingNotFound } from './ReadingNotFound.js';
import { ReadingSkeleton } from './ReadingSkeleton.js';

export const prefetch: PagePrefetch = async (utils, params) => {
  if (!params.slug) return;
  const post = await utils.blog.bySlug.ensureData({ slug: params.slug }).catch(() => undefined);
  if (post) await utils.comments.thread.ensureData({ targetKind: 'post', targetId: post.id }).catch(() => undefined);
};

const blogPostRoute = getRouteApi('/site/blog/$slug');

export default function BlogPostPage() {
  const { slug } = blogPostRoute.useParams();
  const post = trpc.blog.bySlug.useQuery({ slug });

  // Another post opened in this page (a link from post to post) starts at the top. Not the post the page
  // hydrated with: the reader may have scrolled it before the script arrived (entry-server.tsx).
  const shownSlug = useRef(slug);
  useEffect(() => {
    if (shownSlug.current === slug) return;
    shownSlug.current = slug;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [slug]);

  if (post.isPending) return <ReadingSkeleton label="Loading post" withCover />;
  if (!post.data) {
    return (
      <ReadingNotFound
        title="Blog Post Not Found"
        text="The blog post you're looking for doesn't exist or has been removed."
        back={{ to: '/blog', label: 'Back to Blog' }}
      />
    );
  }
  return (
    <>
      <BlogPostArticle post={post.data} />
      <Comments target={{ kind: 'post', id: post.data.id, path: post.data.url }} />
    </>
  );
}
