/**
 * Site search: the page's address, the limits of a query and the shape of an answer, shared by the
 * server, the REST answer and the React page (zod-free; the schema is in search.schema.ts).
 */

export const SEARCH_PATH = '/search';

/** A query longer than this is refused (400) and the page says so. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** Results per answer by default, and the most a caller may ask for. */
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;

export type SearchResultKind = 'post' | 'excerpt' | 'book';

export const SEARCH_KIND_LABELS: Record<SearchResultKind, string> = {
  post: 'Blog post',
  excerpt: 'Excerpt',
  book: 'Book',
};

/** A run of a hit's text, as written (plain text, never markup); `marked` when it is one of the reader's words. */
export type MarkedSegment = { text: string; marked: boolean };

type SearchHitBase = {
  id: string;
  /** The item's page on this site, e.g. /blog/<id>. */
  url: string;
  /** Plain text. */
  title: string;
  /** The title in runs, the matched words marked. */
  titleSegments: MarkedSegment[];
  /** A passage around the matches in runs, the matched words marked; cuts shown as "…". */
  snippetSegments: MarkedSegment[];
};

type PostSearchHit = SearchHitBase & { kind: 'post'; category: string; publishedAt: Date };
/** A major-spoiler excerpt is shown only behind a warning (its snippet collapsed until asked for). */
export type ExcerptSearchHit = SearchHitBase & { kind: 'excerpt'; spoilerLevel: string; bookTitle: string };
type BookSearchHit = SearchHitBase & { kind: 'book' };
export type SearchHit = PostSearchHit | ExcerptSearchHit | BookSearchHit;

export type SearchAnswer = {
  /** The query as searched (trimmed). */
  query: string;
  /** Best match first. */
  results: SearchHit[];
  /** More matches exist beyond `results`. */
  hasMore: boolean;
};

/**
 * The `?q=` of the search page as the text typed. The router reads `true`, `false` and numbers in a
 * query string as such; they are searched as the words they were. Anything else is no query.
 */
export function searchQueryFrom(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** Why a query cannot be searched as it is: nothing typed, or too long. */
export function searchQueryProblem(query: string): 'empty' | 'too-long' | null {
  const trimmed = query.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > SEARCH_QUERY_MAX_LENGTH) return 'too-long';
  return null;
}

/** Only the spoiler level that hides an excerpt's text behind a warning in results. */
export const isMajorSpoiler = (level: string): boolean => level === 'major';
