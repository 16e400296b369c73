/**
 * The first segments of the addresses a blog moved from WordPress or Ghost answered (category and tag archives,
 * feeds, author archives, paged lists): they answer 301 to their homes here (see
 * src/server/import-export/legacy-redirects.ts), so no page of this site may take one as its address.
 */
export const LEGACY_ADDRESS_SEGMENTS: ReadonlySet<string> = new Set([
  'category',
  'tag',
  'feed',
  'rss',
  'author',
  'page',
]);
