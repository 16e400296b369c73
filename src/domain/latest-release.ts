import type { BookStatus } from './books.js';

/** Statuses a "Latest Release" may have: out now, or open for preorder. */
const RELEASED_STATUSES: ReadonlySet<BookStatus> = new Set(['published', 'preorder']);

/**
 * The home page's Latest Release: the published or preorder book with the highest display
 * order (the newest in the series). Coming-soon books are not releases yet. Null when none.
 */
export function latestRelease<T extends { status: BookStatus; order: number }>(books: readonly T[]): T | null {
  let latest: T | null = null;
  for (const book of books) {
    if (!RELEASED_STATUSES.has(book.status)) continue;
    if (!latest || book.order > latest.order) latest = book;
  }
  return latest;
}

/** What the home page shows of its Latest Release (books.latest): no editions, shop links or sales. */
export const LATEST_RELEASE_FIELDS = [
  'id',
  'slug',
  'title',
  'status',
  'price',
  'description',
  'coverImage',
  'image',
] as const;
