/**
 * Paged lists: every public list answers one page at a time, so no request (or batch of requests) can ask for a
 * whole blog of thousands of posts. A page is `limit` items after `cursor`, the id of the last item of the page
 * before (none: the first page); a short or empty page is the last.
 */
export type PageLimits = {
  /** Items when `limit` is not given. */
  defaultLimit: number;
  /** The most one page may hold. */
  maxLimit: number;
};

/** Full blog posts (text and rendered HTML, ~15 KB each): `blog.list`, `GET /api/blog`, the RSS feed. */
export const BLOG_POST_PAGE: PageLimits = { defaultLimit: 20, maxLimit: 50 };

/** Blog cards (no text): a page of /blog, and the few on Home. */
export const BLOG_CARD_PAGE: PageLimits = { defaultLimit: 12, maxLimit: 50 };

/**
 * The author's own lists (books, series, excerpts, art, playlists, the newsletter archive): a site has tens of
 * each, so one page holds them all and the pages that show them read the first page only.
 */
export const CURATED_LIST_PAGE: PageLimits = { defaultLimit: 200, maxLimit: 200 };

export const UNKNOWN_CURSOR = 'cursor must be the id of an item of the list (the last one of the page before)';

/** The `limit` items after the item whose id is `cursor`; undefined when no item has that id. */
export function itemsAfter<T extends { id: string }>(
  items: readonly T[],
  page: { limit: number; cursor?: string | undefined },
): T[] | undefined {
  let start = 0;
  if (page.cursor !== undefined) {
    const index = items.findIndex((item) => item.id === page.cursor);
    if (index < 0) return undefined;
    start = index + 1;
  }
  return items.slice(start, start + page.limit);
}

/** One numbered page (1-based) of a list shown page by page, with the number of pages. */
export function numberedPage<T>(
  items: readonly T[],
  page: number,
  pageSize: number,
): { items: T[]; page: number; pageCount: number; total: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageCount,
    total: items.length,
  };
}
