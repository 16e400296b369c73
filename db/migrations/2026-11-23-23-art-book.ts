import { sql, type Kysely } from 'kysely';

/** An art piece may belong to one book (shown on that book's page); deleting the book clears it. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE art_pieces ADD COLUMN book_id TEXT`.execute(db);
  await sql`CREATE INDEX art_pieces_book_id ON art_pieces (book_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX art_pieces_book_id`.execute(db);
  await sql`ALTER TABLE art_pieces DROP COLUMN book_id`.execute(db);
}
