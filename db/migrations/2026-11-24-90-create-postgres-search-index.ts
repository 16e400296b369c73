import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** PostgreSQL only: SQLite has its FTS5 index (2026-11-24-30-create-search-index). */
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Site search on PostgreSQL full-text search.
 *
 * The same `search_documents` table as on SQLite (the text a reader sees of each post, excerpt and
 * book, written by the server in the transaction of the item's own write), plus `search_vector`:
 * the title (weight A) and the body (weight B) as a tsvector of the 'simple' configuration (no
 * stemming, no stop words: any language). The server writes the vector with the row, from the
 * text with case and accents folded (as SQLite's unicode61 remove_diacritics does), which a
 * generated column could not do without the unaccent extension. A GIN index serves the matches.
 *
 * The documents of existing content are written by the server on start, not by this migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    CREATE TABLE search_documents (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL,
      item_id text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      search_vector tsvector NOT NULL,
      UNIQUE (kind, item_id)
    )
  `.execute(db);
  await sql`CREATE INDEX search_documents_search_vector ON search_documents USING gin (search_vector)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TABLE search_documents`.execute(db);
}
