import { sql, SqliteAdapter, type Kysely } from 'kysely';

/** SQLite only: PostgreSQL gets its own full-text search (tsvector) in a migration of its own. */
const isSqlite = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Site search on SQLite FTS5.
 *
 * `search_documents` holds, for each post, excerpt and book, the text a reader sees (the title,
 * and a body: summary or description plus the rendered content); the server writes it in the
 * same transaction as the item (it renders Markdown, which SQL cannot). `search_index` is an
 * FTS5 index over it (external content: the text is stored once), kept in step by the triggers
 * below. unicode61 folds case and, with remove_diacritics 2, accents ("vesper" finds "Vésper");
 * 2- and 3-character prefixes are indexed so the prefix match of the last word stays fast.
 *
 * The documents of existing content are written by the server on start (it fills the index when
 * its row count differs from the content's), not by this migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`
    CREATE TABLE search_documents (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      item_id TEXT NOT NULL,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      UNIQUE (kind, item_id)
    )
  `.execute(db);
  await sql`
    CREATE VIRTUAL TABLE search_index USING fts5(
      title,
      body,
      content = 'search_documents',
      content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    )
  `.execute(db);
  await sql`
    CREATE TRIGGER search_documents_insert AFTER INSERT ON search_documents BEGIN
      INSERT INTO search_index (rowid, title, body) VALUES (new.id, new.title, new.body);
    END
  `.execute(db);
  await sql`
    CREATE TRIGGER search_documents_delete AFTER DELETE ON search_documents BEGIN
      INSERT INTO search_index (search_index, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
    END
  `.execute(db);
  await sql`
    CREATE TRIGGER search_documents_update AFTER UPDATE ON search_documents BEGIN
      INSERT INTO search_index (search_index, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
      INSERT INTO search_index (rowid, title, body) VALUES (new.id, new.title, new.body);
    END
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`DROP TABLE search_index`.execute(db);
  await sql`DROP TABLE search_documents`.execute(db);
}
