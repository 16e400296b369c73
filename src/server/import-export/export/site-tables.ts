/** The content tables an export carries as JSON (rows as stored) and a restore writes back, parents first. */
export const CONTENT_TABLES = [
  { table: 'images', file: 'images' },
  { table: 'series', file: 'series' },
  { table: 'books', file: 'books' },
  { table: 'excerpts', file: 'excerpts' },
  { table: 'artPieces', file: 'art' },
  { table: 'playlists', file: 'playlists' },
  { table: 'blogCategories', file: 'categories' },
  { table: 'blogTags', file: 'tags' },
  { table: 'blogPosts', file: 'posts' },
  { table: 'blogPostTags', file: 'post-tags' },
  { table: 'sitePages', file: 'pages' },
  { table: 'slugRedirects', file: 'slug-redirects' },
  { table: 'legacyPaths', file: 'legacy-paths' },
] as const;

export type ContentTable = (typeof CONTENT_TABLES)[number]['table'];
