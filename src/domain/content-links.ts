/**
 * The one place that builds the public address of a piece of content. Blog posts are at
 * /blog/<id> today; when posts get slugs this becomes /blog/<slug> for every caller at once.
 */
export function blogPostPath(post: { id: string }): string {
  return `/blog/${encodeURIComponent(post.id)}`;
}

export function excerptPath(excerpt: { id: string }): string {
  return `/excerpts/${encodeURIComponent(excerpt.id)}`;
}

export function bookPath(book: { slug: string }): string {
  return `/books/${encodeURIComponent(book.slug)}`;
}
