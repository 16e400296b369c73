import { sql, type Kysely } from 'kysely';

/** Deleting a book deletes its excerpts. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE excerpts (
    id TEXT PRIMARY KEY NOT NULL,
    book_id TEXT NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    content TEXT NOT NULL,
    read_time TEXT NOT NULL,
    spoiler_level TEXT NOT NULL
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE excerpts`.execute(db);
}
