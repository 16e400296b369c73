/** The one place that builds the public address of a piece of content: posts and books by slug. */
export function blogPostPath(post: { slug: string }): string {
  return `/blog/${encodeURIComponent(post.slug)}`;
}

export function excerptPath(excerpt: { id: string }): string {
  return `/excerpts/${encodeURIComponent(excerpt.id)}`;
}

export function bookPath(book: { slug: string }): string {
  return `/books/${encodeURIComponent(book.slug)}`;
}
