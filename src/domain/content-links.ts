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
