import { UPLOADED_OBJECT_PREFIX, type ResponsiveImageData, type WithImage } from '../../../domain/images.js';
import type { AppDatabase } from '../../db/connection.js';
import type { StoredVariant } from './image-variants.js';
import { listImages, type ImageRecord } from './images-repository.js';
import { mimeTypeOf } from './image-variants.js';

function toResponsiveImage(image: ImageRecord): ResponsiveImageData {
  return {
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    variants: image.variants.map((variant) => ({
      url: `${UPLOADED_OBJECT_PREFIX}${variant.name}`,
      width: variant.width,
      type: mimeTypeOf(variant.format),
    })),
  };
}

/** Every processed upload's responsive image data, by upload name (for images inside content text). */
export async function loadResponsiveImages(db: AppDatabase): Promise<Map<string, ResponsiveImageData>> {
  const images = await listImages(db);
  return new Map([...images].map(([name, image]) => [name, toResponsiveImage(image)] as const));
}

/** Up to this many items, their images are looked up by id; a longer list reads the whole table's at once. */
const LOOKUP_BY_ID_UP_TO = 500;

/**
 * The image rows the items of a table refer to (their cover or picture), by item id: those of `itemIds` only, or of
 * every item of the table when it is undefined.
 */
async function referencedImages(
  db: AppDatabase,
  table: 'books' | 'blogPosts' | 'artPieces',
  itemIds: readonly string[] | undefined,
): Promise<Map<string, ImageRecord>> {
  const columns = ['images.name', 'images.width', 'images.height', 'images.placeholder', 'images.variants'] as const;
  const rows =
    table === 'books'
      ? await db
          .selectFrom('books')
          .innerJoin('images', 'images.name', 'books.coverImageId')
          .select(['books.id as itemId', ...columns])
          .$if(itemIds !== undefined, (query) => query.where('books.id', 'in', itemIds!))
          .execute()
      : table === 'blogPosts'
        ? await db
            .selectFrom('blogPosts')
            .innerJoin('images', 'images.name', 'blogPosts.coverImageId')
            .select(['blogPosts.id as itemId', ...columns])
            .$if(itemIds !== undefined, (query) => query.where('blogPosts.id', 'in', itemIds!))
            .execute()
        : await db
            .selectFrom('artPieces')
            .innerJoin('images', 'images.name', 'artPieces.imageId')
            .select(['artPieces.id as itemId', ...columns])
            .$if(itemIds !== undefined, (query) => query.where('artPieces.id', 'in', itemIds!))
            .execute();
  return new Map(
    rows.map(({ itemId, ...row }) => [itemId, { ...row, variants: JSON.parse(row.variants) as StoredVariant[] }]),
  );
}

/**
 * Adds `image` (size, placeholder, variants) to each book, post or art piece whose picture is a processed
 * upload, found through its reference (image-references.ts); the item's own URL field is left as it is, and
 * items showing anything else (SVG, another site's image) are returned unchanged.
 */
export async function withReferencedImages<T extends { id: string }>(
  db: AppDatabase,
  items: readonly T[],
  table: 'books' | 'blogPosts' | 'artPieces',
): Promise<WithImage<T>[]> {
  if (items.length === 0) return [];
  const itemIds = items.length <= LOOKUP_BY_ID_UP_TO ? items.map((item) => item.id) : undefined;
  const images = await referencedImages(db, table, itemIds);
  return items.map((item): WithImage<T> => {
    const image = images.get(item.id);
    return image ? { ...item, image: toResponsiveImage(image) } : { ...item };
  });
}

/**
 * The same for the site settings' pictures (hero, portrait), kept as URLs inside the settings' JSON, which
 * no foreign key can reach: matched to their upload by name.
 */
export async function withImages<T extends object>(
  db: AppDatabase,
  items: readonly T[],
  pictureOf: (item: T) => string,
): Promise<WithImage<T>[]> {
  const images = await listImages(db);
  return items.map((item): WithImage<T> => {
    const url = pictureOf(item);
    const image = url.startsWith(UPLOADED_OBJECT_PREFIX)
      ? images.get(url.slice(UPLOADED_OBJECT_PREFIX.length))
      : undefined;
    return image ? { ...item, image: toResponsiveImage(image) } : { ...item };
  });
}
