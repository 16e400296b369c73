/** The one place that builds the public address of a piece of content: posts and books by slug. */
export function blogPostPath(post: { slug: string }): string {
  return `/blog/${encodeURIComponent(post.slug)}`;
}

export function excerptPath(excerpt: { slug: string }): string {
  return `/excerpts/${encodeURIComponent(excerpt.slug)}`;
}

export function bookPath(book: { slug: string }): string {
  return `/books/${encodeURIComponent(book.slug)}`;
}

/** A tag's page: the published posts carrying it, newest first, paged like /blog. */
export function blogTagPath(slug: string): string {
  return `/blog/tag/${encodeURIComponent(slug)}`;
}

/** The blog's feed; `?category=<slug>` and `?tag=<slug>` make it one category's or one tag's. */
export const BLOG_FEED_PATH = '/blog/rss.xml';

/** The feed of one category or one tag (where a tag's page and an old site's /tag/x/feed/ lead). */
export const categoryFeedPath = (slug: string) => `${BLOG_FEED_PATH}?category=${encodeURIComponent(slug)}`;
export const tagFeedPath = (slug: string) => `${BLOG_FEED_PATH}?tag=${encodeURIComponent(slug)}`;
