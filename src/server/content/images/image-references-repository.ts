import { sql, type RawBuilder } from 'kysely';
import { UPLOADED_OBJECT_PREFIX } from '../../../domain/images.js';
import type { AppDatabase } from '../../db/connection.js';

/**
 * The image fields that refer to a processed upload by a foreign key (images.name) beside the URL the author
 * chose: the URL is what every API answers, the key is how the site finds the image's variants.
 */
export const IMAGE_REFERENCES = [
  { table: 'books', url: 'coverImage', id: 'coverImageId' },
  { table: 'blogPosts', url: 'coverImage', id: 'coverImageId' },
  { table: 'artPieces', url: 'imageUrl', id: 'imageId' },
] as const;

/** The reference a URL makes, for an insert or update: the upload's image row if there is one, else null. */
export function imageReference(url: string): RawBuilder<string | null> | null {
  if (!url.startsWith(UPLOADED_OBJECT_PREFIX)) return null;
  return sql<string | null>`(SELECT name FROM images WHERE name = ${url.slice(UPLOADED_OBJECT_PREFIX.length)})`;
}

/**
 * Points every field showing an upload at its image row: after an image is processed (its row comes after
 * the items that show it, e.g. an old upload processed at start-up) and after rows are written as stored
 * (an import). `name` limits it to that one image.
 */
export async function linkImageReferences(db: AppDatabase, name?: string): Promise<void> {
  for (const { table, url, id } of IMAGE_REFERENCES) {
    if (name !== undefined) {
      await db.updateTable(table).set(id, name).where(url, '=', `${UPLOADED_OBJECT_PREFIX}${name}`).execute();
      continue;
    }
    await db
      .updateTable(table)
      .set(id, (eb) =>
        eb
          .selectFrom('images')
          .select('images.name')
          .whereRef(sql.ref(`${table}.${url}`), '=', sql<string>`${UPLOADED_OBJECT_PREFIX} || images.name`),
      )
      .execute();
  }
}
