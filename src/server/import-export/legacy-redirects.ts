import { blogPageFrom } from '../../domain/blog.js';
import { LEGACY_ADDRESS_SEGMENTS } from '../../domain/legacy-addresses.js';
import { BLOG_FEED_PATH, blogTagPath, categoryFeedPath, tagFeedPath } from '../../domain/content-links.js';
import { SLUG_PATTERN, slugify } from '../../domain/slugs.js';

/** The list of a category's posts, and a tag's page; their feeds are the site's feed naming them. */
const categoryPath = (slug: string) => `/blog?category=${encodeURIComponent(slug)}`;
const tagPath = blogTagPath;
const withPage = (path: string, page: number | undefined) =>
  page ? `${path}${path.includes('?') ? '&' : '?'}page=${page}` : path;

/** A raw path segment longer than this is no slug (a Greek slug of 80 letters, percent-encoded, is 480). */
const MAX_SEGMENT = 600;
/** WordPress's feed types after /feed/ (/feed/atom/ and the like); Ghost's feeds are /rss/. */
const FEED_TYPES = new Set(['rss', 'rss2', 'atom', 'rdf']);

/**
 * The segments of a path, decoded and lowercased; null when one is empty, too long, not decodable, or holds a
 * slash, a backslash or a control character once decoded (such a path is no old address: it answers 404).
 */
function segmentsOf(pathname: string): string[] | null {
  const raw = pathname.replace(/\/$/, '').split('/');
  if (raw[0] !== '' || raw.length < 2) return null;
  const segments: string[] = [];
  for (const segment of raw.slice(1)) {
    if (segment === '' || segment.length > MAX_SEGMENT) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f/\\]/.test(decoded) || decoded === '.' || decoded === '..') return null;
    segments.push(decoded.toLowerCase());
  }
  return segments;
}

/** A slug of this site from an old one: kept when it already is one, else as the import makes it (or none). */
function slugOf(segment: string | undefined): string | null {
  if (!segment) return null;
  if (SLUG_PATTERN.test(segment) && segment.length <= 80) return segment;
  const slug = slugify(segment, '');
  return slug || null;
}

/** The rest of an archive's address after its slug: nothing, a feed, or a page. */
type Tail = { kind: 'list'; page?: number } | { kind: 'feed' } | null;
function tailOf(rest: readonly string[]): Tail {
  if (rest.length === 0) return { kind: 'list' };
  const [first, second] = rest;
  if (first === 'rss' && rest.length === 1) return { kind: 'feed' };
  if (first === 'feed' && (rest.length === 1 || (rest.length === 2 && FEED_TYPES.has(second!))))
    return { kind: 'feed' };
  if (first === 'page' && rest.length === 2) {
    const page = pageOf(second);
    return page === null ? null : { kind: 'list', ...(page ? { page } : {}) };
  }
  return null;
}

/** /page/N/: 1 is the first page (undefined), 2 and up a later one; null for anything else. */
function pageOf(segment: string | undefined): number | undefined | null {
  if (segment === '1') return undefined;
  return blogPageFrom(segment) ?? null;
}

function fromPath(segments: readonly string[]): string | null {
  const [first, ...rest] = segments;
  switch (first) {
    case 'feed':
      return rest.length === 0 || (rest.length === 1 && FEED_TYPES.has(rest[0]!)) ? BLOG_FEED_PATH : null;
    case 'rss':
      return rest.length === 0 ? BLOG_FEED_PATH : null;
    case 'page': {
      const page = rest.length === 1 ? pageOf(rest[0]) : null;
      return page === null ? null : withPage('/blog', page);
    }
    case 'category': {
      // WordPress nests categories (/category/parent/child/): the last one before the tail is the category.
      const at = rest.findIndex(
        (segment, index) => index > 0 && (segment === 'feed' || segment === 'rss' || segment === 'page'),
      );
      const names = at < 0 ? rest : rest.slice(0, at);
      const slug = slugOf(names.at(-1));
      const tail = tailOf(at < 0 ? [] : rest.slice(at));
      if (!slug || !tail || names.length > 8) return null;
      return tail.kind === 'feed' ? categoryFeedPath(slug) : withPage(categoryPath(slug), tail.page);
    }
    case 'tag': {
      const slug = slugOf(rest[0]);
      const tail = tailOf(rest.slice(1));
      if (!slug || !tail) return null;
      return tail.kind === 'feed' ? tagFeedPath(slug) : withPage(tagPath(slug), tail.page);
    }
    case 'author': {
      // One author writes here: their archive is the blog, their feed the site's.
      const tail = rest.length > 0 && slugOf(rest[0]) ? tailOf(rest.slice(1)) : null;
      if (!tail) return null;
      return tail.kind === 'feed' ? BLOG_FEED_PATH : withPage('/blog', tail.page);
    }
    default:
      return null;
  }
}

/** WordPress's plain addresses (/?feed=rss2, /?tag=x, /?paged=2, /?author=1); ?p= and ?attachment_id= are posts'. */
function fromQuery(search: string): string | null {
  const params = new URLSearchParams(search);
  const feed = params.get('feed');
  if (feed !== null) return feed === '' || FEED_TYPES.has(feed) ? BLOG_FEED_PATH : null;
  const tag = params.get('tag');
  if (tag !== null) {
    const slug = tag.length <= MAX_SEGMENT ? slugOf(tag.toLowerCase()) : null;
    return slug ? tagPath(slug) : null;
  }
  const paged = params.get('paged');
  if (paged !== null) {
    const page = pageOf(paged);
    return page === null ? null : withPage('/blog', page);
  }
  if (params.get('author') !== null) return '/blog';
  return null;
}

/**
 * Where an old archive or feed address of WordPress or Ghost leads here, always a path of this site built from
 * fixed parts and an encoded slug; null when the address is none of them. Only addresses under
 * LEGACY_ADDRESS_SEGMENTS, and the site's root with WordPress's plain query, are read.
 */
export function legacyRedirectOf(pathname: string, search: string): string | null {
  if (pathname === '/') return search ? fromQuery(search) : null;
  const firstEnd = pathname.indexOf('/', 1);
  const first = pathname.slice(1, firstEnd < 0 ? undefined : firstEnd).toLowerCase();
  if (!LEGACY_ADDRESS_SEGMENTS.has(first)) return null;
  const segments = segmentsOf(pathname);
  return segments ? fromPath(segments) : null;
}
