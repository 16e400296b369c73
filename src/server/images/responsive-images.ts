import { UPLOADED_OBJECT_PREFIX, type ResponsiveImageData, type WithImage } from '../../domain/images.js';
import type { AppDatabase } from '../db/connection.js';
import { listImages, type ImageRecord } from '../repositories/images.js';
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

/**
 * Adds `image` (size, placeholder, variants) to each item whose picture is a processed upload;
 * the item's own URL field is left as it is, and items showing anything else (SVG, another
 * site's image) are returned unchanged.
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
