import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE art_pieces (
    id TEXT PRIMARY KEY NOT NULL,
    title TEXT NOT NULL,
    image_url TEXT NOT NULL,
    artist TEXT NOT NULL,
    type TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT ''
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE art_pieces`.execute(db);
}
