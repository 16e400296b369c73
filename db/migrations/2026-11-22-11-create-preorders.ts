import { sql, type Kysely } from 'kysely';

/**
 * Preorders are customer records: no foreign key, so deleting a book never deletes them;
 * the book's title is copied in when the preorder is made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE preorders (
    id TEXT PRIMARY KEY NOT NULL,
    book_id TEXT NOT NULL,
    book_title TEXT NOT NULL,
    customer_name TEXT NOT NULL,
    customer_email TEXT NOT NULL,
    preferred_format TEXT NOT NULL,
    phone_number TEXT,
    special_requests TEXT,
    created_at TEXT NOT NULL
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE preorders`.execute(db);
}
