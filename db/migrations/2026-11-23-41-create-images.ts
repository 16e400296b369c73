import { sql, type Kysely } from 'kysely';

/**
 * One row per processed upload: its intrinsic size, a placeholder colour and its resized
 * variants (JSON list of file names with width and format), stored next to it in uploads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE images (
      name TEXT PRIMARY KEY NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      placeholder TEXT NOT NULL,
      variants TEXT NOT NULL,
      created_at TEXT NOT NULL
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE images`.execute(db);
}
