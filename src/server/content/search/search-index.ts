import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { bookPath, blogPostPath, excerptPath } from '../../../domain/content-links.js';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  type SearchAnswer,
  type SearchHit,
  type SearchResultKind,
} from '../../../domain/search.js';
import type { AppDatabase } from '../../db/connection.js';
import { databaseEngine } from '../../db/database-engine.js';
import { queryTerms, toFts5Query } from './fts5-query.js';
import { markAllMatches, snippetAroundMatches } from './match-marks.js';
import { searchableWords, toTsQuery, toTsRankQuery } from './tsquery.js';
import { DEFAULT_SEARCH_TIMEOUT_MS, isStatementTimeout, SearchTooLong } from './search-timeout.js';
import { markedToSegments } from './highlight.js';
import { bookDocument, excerptDocument, postDocument, type SearchDocument } from './searchable-text.js';
import { toDate } from '../../db/row-conversion.js';

/**
 * Site search: every SQL statement of it lives here. The repositories of posts, excerpts and books
 * call index*() / unindex*() in the transaction of their own write, which keep `search_documents`.
 * On SQLite it is FTS5 (tables and triggers in db/migrations/2026-11-24-30-create-search-index.ts);
 * on PostgreSQL each document carries its own tsvector, written with it (migration 2026-11-24-90),
 * and searchSite() ranks with ts_rank. On both, the words of the page of hits are marked in this
 * process (match-marks.ts): FTS5's snippet() cost grew with every common word of the query (a
 * third of a ten-word query's time), the marks of a page cost well under a millisecond.
 */

/** How much more a match in the title counts than one in the body (bm25 column weights). */
const TITLE_WEIGHT = 5;
const BODY_WEIGHT = 1;
/** Words in a snippet. */
const SNIPPET_WORDS = 28;
/**
 * ts_rank's weights of D, C, B (body) and A (title): a title match counts five times a body
 * match, as TITLE_WEIGHT / BODY_WEIGHT on SQLite.
 */
const TS_RANK_WEIGHTS = `{0, 0, ${BODY_WEIGHT / TITLE_WEIGHT}, 1}`;

const usesFts5 = (db: AppDatabase): boolean => databaseEngine(db) === 'sqlite';

/**
 * Whether a blog post (the row `p` of blog_posts) is on the public site: published, never a draft
 * or a scheduled post. It is checked when searching, not when indexing, so a post the scheduler
 * publishes is found from then on without any index write.
 */
function isPubliclyVisiblePost(): RawBuilder<SqlBool> {
  return sql<SqlBool>`p.status = 'published'`;
}

async function saveDocument(db: AppDatabase, kind: SearchResultKind, itemId: string, document: SearchDocument) {
  if (usesFts5(db)) {
    await sql`
      INSERT INTO search_documents (kind, item_id, title, body)
      VALUES (${kind}, ${itemId}, ${document.title}, ${document.body})
      ON CONFLICT (kind, item_id) DO UPDATE SET title = excluded.title, body = excluded.body
    `.execute(db);
    return;
  }
  const vector = sql`
    setweight(to_tsvector('simple', ${searchableWords(document.title)}), 'A')
    || setweight(to_tsvector('simple', ${searchableWords(document.body)}), 'B')
  `;
  await sql`
    INSERT INTO search_documents (kind, item_id, title, body, search_vector)
    VALUES (${kind}, ${itemId}, ${document.title}, ${document.body}, ${vector})
    ON CONFLICT (kind, item_id) DO UPDATE
      SET title = excluded.title, body = excluded.body, search_vector = excluded.search_vector
  `.execute(db);
}

/** A post's document, with its tags' names (read here, so every write and the rebuild index them alike). */
export async function indexBlogPost(
  db: AppDatabase,
  post: { id: string } & Omit<Parameters<typeof postDocument>[0], 'tags'>,
): Promise<void> {
  const tags = await db
    .selectFrom('blogPostTags')
    .innerJoin('blogTags', 'blogTags.id', 'blogPostTags.tagId')
    .select('blogTags.label')
    .where('blogPostTags.postId', '=', post.id)
    .orderBy('blogPostTags.position')
    .execute();
  await saveDocument(db, 'post', post.id, postDocument({ ...post, tags: tags.map((tag) => tag.label) }));
}

export const indexExcerpt = (db: AppDatabase, excerpt: { id: string } & Parameters<typeof excerptDocument>[0]) =>
  saveDocument(db, 'excerpt', excerpt.id, excerptDocument(excerpt));

export const indexBook = (db: AppDatabase, book: { id: string } & Parameters<typeof bookDocument>[0]) =>
  saveDocument(db, 'book', book.id, bookDocument(book));

export async function unindex(db: AppDatabase, kind: SearchResultKind, itemId: string): Promise<void> {
  await sql`DELETE FROM search_documents WHERE kind = ${kind} AND item_id = ${itemId}`.execute(db);
}

/** A book's excerpts leave with it (the foreign key deletes them); call before deleting the book. */
export async function unindexExcerptsOfBook(db: AppDatabase, bookId: string): Promise<void> {
  await sql`
    DELETE FROM search_documents
    WHERE kind = 'excerpt' AND item_id IN (SELECT id FROM excerpts WHERE book_id = ${bookId})
  `.execute(db);
}

async function countOf(db: AppDatabase, table: 'search_documents' | 'blog_posts' | 'excerpts' | 'books') {
  const { rows } = await sql<{ count: number }>`SELECT count(*) AS count FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/**
 * Writes the document of every post, excerpt and book afresh (with its tsvector on PostgreSQL)
 * and, on SQLite, rebuilds the FTS5 index from them.
 */
async function rebuildSearchIndex(db: AppDatabase): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`DELETE FROM search_documents`.execute(trx);
    // selectAll: columns added later (a post's content format) reach the document functions too.
    for (const post of await trx.selectFrom('blogPosts').selectAll().execute()) await indexBlogPost(trx, post);
    for (const excerpt of await trx.selectFrom('excerpts').selectAll().execute()) await indexExcerpt(trx, excerpt);
    for (const book of await trx.selectFrom('books').selectAll().execute()) await indexBook(trx, book);
    if (usesFts5(trx)) await sql`INSERT INTO search_index (search_index) VALUES ('rebuild')`.execute(trx);
    return countOf(trx, 'search_documents');
  });
}

/**
 * On start: rebuilds the index when it does not hold one document per post, excerpt and book
 * (a database from before search, a restored backup, rows written outside the repositories).
 * Returns whether it did.
 */
export async function ensureSearchIndex(db: AppDatabase): Promise<{ rebuilt: boolean; documents: number }> {
  const [documents, posts, excerpts, books] = await Promise.all([
    countOf(db, 'search_documents'),
    countOf(db, 'blog_posts'),
    countOf(db, 'excerpts'),
    countOf(db, 'books'),
  ]);
  if (documents === posts + excerpts + books) return { rebuilt: false, documents };
  return { rebuilt: true, documents: await rebuildSearchIndex(db) };
}

type HitRow = {
  kind: SearchResultKind;
  id: string;
  title: string;
  titleMarked: string | null;
  snippetMarked: string | null;
  category: string | null;
  publishedAt: string | null;
  spoilerLevel: string | null;
  bookTitle: string | null;
  slug: string | null;
};

function toHit(row: HitRow): SearchHit {
  const common = {
    id: row.id,
    title: row.title,
    titleSegments: markedToSegments(row.titleMarked ?? row.title),
    // A snippet is one run of text: the paragraph breaks it spans become spaces.
    snippetSegments: markedToSegments((row.snippetMarked ?? '').replace(/\s+/g, ' ').trim()),
  };
  switch (row.kind) {
    case 'post':
      return {
        kind: 'post',
        ...common,
        url: blogPostPath({ slug: row.slug ?? row.id }),
        category: row.category ?? '',
        publishedAt: toDate(row.publishedAt ?? ''),
      };
    case 'excerpt':
      return {
        kind: 'excerpt',
        ...common,
        url: excerptPath({ slug: row.slug ?? row.id }),
        spoilerLevel: row.spoilerLevel ?? '',
        bookTitle: row.bookTitle ?? '',
      };
    case 'book':
      return { kind: 'book', ...common, url: bookPath({ slug: row.slug ?? row.id }) };
  }
}

export type SearchOptions = {
  /** Results wanted (1–50, default 20). */
  limit?: number;
  /** PostgreSQL: the search's statement_timeout (default DEFAULT_SEARCH_TIMEOUT_MS); past it, SearchTooLong. */
  timeoutMs?: number;
};

/**
 * Published posts, excerpts and books matching the reader's words, best first (bm25 on SQLite,
 * ts_rank on PostgreSQL; a title match above a body match), with the title and a snippet
 * highlighted. Any text is a valid query: it is turned into FTS5 or tsquery syntax that cannot
 * fail (see toFts5Query and toTsQuery).
 */
export async function searchSite(db: AppDatabase, query: string, options: SearchOptions = {}): Promise<SearchAnswer> {
  const trimmed = query.trim();
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_DEFAULT_LIMIT), 1), SEARCH_MAX_LIMIT);
  const terms = queryTerms(trimmed);
  const rows = usesFts5(db)
    ? await searchFts5(db, toFts5Query(trimmed), limit)
    : await searchTsvector(db, trimmed, limit, options.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS);
  const marked = rows.slice(0, limit).map(({ body, ...row }) => ({
    ...row,
    titleMarked: markAllMatches(row.title, terms),
    snippetMarked: snippetAroundMatches(body, terms, SNIPPET_WORDS),
  }));
  return { query: trimmed, results: marked.map(toHit), hasMore: rows.length > limit };
}

type RankedRow = Omit<HitRow, 'titleMarked' | 'snippetMarked'> & { body: string };

/** Up to limit + 1 hits on SQLite FTS5. */
async function searchFts5(db: AppDatabase, match: string | null, limit: number): Promise<RankedRow[]> {
  if (match === null) return [];
  // Ranked first (bm25 needs only the index), then only the page of results read back with their
  // text, which searchSite() marks.
  const { rows } = await sql<RankedRow>`
    WITH ranked AS MATERIALIZED (
      SELECT search_index.rowid AS document_id, bm25(search_index, ${TITLE_WEIGHT}, ${BODY_WEIGHT}) AS score
      FROM search_index
      JOIN search_documents AS d ON d.id = search_index.rowid
      LEFT JOIN blog_posts AS p ON d.kind = 'post' AND p.id = d.item_id
      LEFT JOIN excerpts AS e ON d.kind = 'excerpt' AND e.id = d.item_id
      LEFT JOIN books AS eb ON eb.id = e.book_id
      LEFT JOIN books AS b ON d.kind = 'book' AND b.id = d.item_id
      WHERE search_index MATCH ${match}
        AND (
          (d.kind = 'post' AND p.id IS NOT NULL AND ${isPubliclyVisiblePost()})
          OR (d.kind = 'excerpt' AND eb.id IS NOT NULL)
          OR (d.kind = 'book' AND b.id IS NOT NULL)
        )
      ORDER BY score, d.id
      LIMIT ${limit + 1}
    )
    SELECT
      d.kind, d.item_id AS id, d.title, d.body,
      p.category, p.published_at, e.spoiler_level, eb.title AS book_title, coalesce(b.slug, p.slug, e.slug) AS slug
    FROM ranked
    JOIN search_documents AS d ON d.id = ranked.document_id
    LEFT JOIN blog_posts AS p ON d.kind = 'post' AND p.id = d.item_id
    LEFT JOIN excerpts AS e ON d.kind = 'excerpt' AND e.id = d.item_id
    LEFT JOIN books AS eb ON eb.id = e.book_id
    LEFT JOIN books AS b ON d.kind = 'book' AND b.id = d.item_id
    ORDER BY ranked.score, d.id
  `.execute(db);
  return rows;
}

/**
 * Up to limit + 1 hits on PostgreSQL: ranked by ts_rank over the GIN-indexed vectors, then
 * the reader's words marked in the title and body of that page of hits (match-marks.ts). The
 * documents matching all the reader's terms are ranked by the terms' frequencies (the OR form of
 * the query, toTsRankQuery), and the whole search runs under a statement_timeout of `timeoutMs`:
 * past it, SearchTooLong (issue 30: 100 heavy searches a second from 50 addresses).
 *
 * The ranking leaves out the posts that are not public by looking up the few that are not (an
 * index of them, migration 2026-11-25-21) rather than reading every matching post's row, which
 * cost more than the ranking itself. A document whose item no longer exists (never, while every
 * write keeps the index in step; the start-up check repairs it otherwise) is dropped from the page.
 */
async function searchTsvector(db: AppDatabase, query: string, limit: number, timeoutMs: number): Promise<RankedRow[]> {
  const tsQuery = toTsQuery(query);
  const rankQuery = toTsRankQuery(query);
  if (tsQuery === null || rankQuery === null) return [];
  // The bound lives as long as the transaction: the connection goes back to the pool without it.
  const timeout = sql.lit(Math.max(1, Math.trunc(timeoutMs)));
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL statement_timeout = ${timeout}`.execute(trx);
      return rankedTsvectorRows(trx, tsQuery, rankQuery, limit);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw new SearchTooLong(error);
    throw error;
  }
}

async function rankedTsvectorRows(
  db: AppDatabase,
  tsQuery: string,
  rankQuery: string,
  limit: number,
): Promise<RankedRow[]> {
  const { rows } = await sql<RankedRow>`
    WITH query AS (SELECT to_tsquery('simple', ${tsQuery}) AS q, to_tsquery('simple', ${rankQuery}) AS rank_q),
    ranked AS MATERIALIZED (
      SELECT d.id AS document_id, ts_rank(${TS_RANK_WEIGHTS}::real[], d.search_vector, query.rank_q) AS score
      FROM search_documents AS d
      CROSS JOIN query
      WHERE d.search_vector @@ query.q
        AND NOT EXISTS (
          SELECT 1 FROM blog_posts AS p
          WHERE d.kind = 'post' AND p.id = d.item_id AND NOT (${isPubliclyVisiblePost()})
        )
      ORDER BY score DESC, d.id
      LIMIT ${limit + 1}
    )
    SELECT
      d.kind, d.item_id AS id, d.title, d.body,
      p.category, p.published_at, e.spoiler_level, eb.title AS book_title, coalesce(b.slug, p.slug, e.slug) AS slug
    FROM ranked
    JOIN search_documents AS d ON d.id = ranked.document_id
    LEFT JOIN blog_posts AS p ON d.kind = 'post' AND p.id = d.item_id
    LEFT JOIN excerpts AS e ON d.kind = 'excerpt' AND e.id = d.item_id
    LEFT JOIN books AS eb ON eb.id = e.book_id
    LEFT JOIN books AS b ON d.kind = 'book' AND b.id = d.item_id
    WHERE (d.kind = 'post' AND p.id IS NOT NULL AND ${isPubliclyVisiblePost()})
      OR (d.kind = 'excerpt' AND eb.id IS NOT NULL)
      OR (d.kind = 'book' AND b.id IS NOT NULL)
    ORDER BY ranked.score DESC, d.id
  `.execute(db);
  return rows;
}
