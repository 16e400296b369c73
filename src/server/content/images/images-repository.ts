import type { AppDatabase } from '../../db/connection.js';
import type { StoredVariant } from './image-variants.js';
import { linkImageReferences } from './image-references-repository.js';
import { timestampNow } from '../../db/row-conversion.js';

export type ImageRecord = {
  name: string;
  width: number;
  height: number;
  placeholder: string;
  variants: StoredVariant[];
};

/** Records a processed upload, and points the books, posts and art already showing it at it. */
export async function insertImage(db: AppDatabase, image: ImageRecord): Promise<void> {
  await db
    .insertInto('images')
    .values({ ...image, variants: JSON.stringify(image.variants), createdAt: timestampNow() })
    .execute();
  await linkImageReferences(db, image.name);
}

/** Every processed image (a few hundred at most on an author's site), by upload name. */
export async function listImages(db: AppDatabase): Promise<Map<string, ImageRecord>> {
  const rows = await db.selectFrom('images').select(['name', 'width', 'height', 'placeholder', 'variants']).execute();
  return new Map(
    rows.map((row) => [row.name, { ...row, variants: JSON.parse(row.variants) as StoredVariant[] }] as const),
  );
}

/** Whether an upload has its images row (its variants made). */
export async function isImageRecorded(db: AppDatabase, name: string): Promise<boolean> {
  const row = await db.selectFrom('images').select('name').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

export async function deleteImage(db: AppDatabase, name: string): Promise<void> {
  await db.deleteFrom('images').where('name', '=', name).execute();
}
