import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** PostgreSQL only: SQLite's FTS5 index has no such column. */
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A search reads the vector of every document it tests (the match, then the ranking). A post's
 * vector is a few kilobytes, so PostgreSQL's default storage moved it out of the row, and every
 * test of every row fetched it back from the TOAST table: most of a search's time. MAIN storage
 * keeps it in the row (compressed if that helps; out of line only when a row could not fit a page).
 * Vectors written before are rewritten once so that they move in too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`ALTER TABLE search_documents ALTER COLUMN search_vector SET STORAGE MAIN`.execute(db);
  await sql`UPDATE search_documents SET search_vector = search_vector || ''::tsvector`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`ALTER TABLE search_documents ALTER COLUMN search_vector SET STORAGE EXTENDED`.execute(db);
}
