import { sql, type Kysely } from 'kysely';

/**
 * A book's cover, a post's cover and an art piece's picture refer to their processed
 * upload (the `images` row, whose key is the upload's name) by a foreign key beside the URL the author
 * chose. The URL stays the field every API answers; the key is how the site finds the variants.
 * Deleting an image clears the references. Filled in from the URLs of uploads already processed.
 */
const REFERENCES = [
  ['books', 'cover_image', 'cover_image_id'],
  ['blog_posts', 'cover_image', 'cover_image_id'],
  ['art_pieces', 'image_url', 'image_id'],
] as const;

/** Where an upload is served (the app's UPLOADED_OBJECT_PREFIX, frozen here). */
const OBJECT_PREFIX = '/objects/';

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, urlColumn, idColumn] of REFERENCES) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN ${sql.ref(idColumn)} TEXT REFERENCES images (name) ON DELETE SET NULL`.execute(
      db,
    );
    await sql`CREATE INDEX ${sql.ref(`${table}_${idColumn}`)} ON ${sql.table(table)} (${sql.ref(idColumn)})`.execute(
      db,
    );
    await sql`
      UPDATE ${sql.table(table)} SET ${sql.ref(idColumn)} = (
        SELECT images.name FROM images WHERE ${sql.lit(OBJECT_PREFIX)} || images.name = ${sql.table(table)}.${sql.ref(urlColumn)}
      )
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, , idColumn] of REFERENCES) {
    await sql`DROP INDEX ${sql.ref(`${table}_${idColumn}`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN ${sql.ref(idColumn)}`.execute(db);
  }
}
