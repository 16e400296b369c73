/**
 * The key an old address is stored and looked up under: its path without trailing slash, lowercase, with `?p=`
 * (WordPress's `?page_id=` and `?attachment_id=` number the same items).
 */
export function legacyPathKey(pathname: string, search = ''): string | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  const params = new URLSearchParams(search);
  const id = params.get('p') ?? params.get('page_id') ?? params.get('attachment_id');
  if (path === '/' && id && /^\d+$/.test(id)) return `/?p=${id}`;
  if (path === '/' || path.length > 500) return null;
  return path;
}

/** The first segments of the site's own pages: an old address under them would hide a page, so none is kept. */
const SITE_SEGMENTS = new Set([
  'api',
  'trpc',
  'objects',
  'assets',
  'admin',
  'blog',
  'books',
  'series',
  'excerpts',
  'art',
  'music',
  'playlists',
  'contact',
  'newsletter',
  'search',
  'preorder',
  'about',
  'rss.xml',
  'feed.xml',
  'sitemap.xml',
  'robots.txt',
  'healthz',
]);

/** An imported item's old address as a key, when it can be answered without hiding one of the site's pages. */
export function legacyPathOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://old.example');
  } catch {
    return null;
  }
  const key = legacyPathKey(parsed.pathname, parsed.search);
  if (!key || key.startsWith('/?')) return key;
  const first = key.split('/')[1] ?? '';
  return SITE_SEGMENTS.has(first) ? null : key;
}
