/** Widths the variants are made at; an image narrower than one of them also gets its own width. */
const VARIANT_WIDTHS = [320, 480, 640, 800, 960, 1440, 1920];
export const LARGEST_VARIANT_WIDTH = 1920;

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

const EXTENSIONS: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

const MIME_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** How a variant is recorded in the images table. */
export type StoredVariant = { name: string; width: number; height: number; format: VariantFormat; bytes: number };

/** The widths to make for an image this wide: never wider than the original, never upscaled. */
export function variantWidths(originalWidth: number): number[] {
  const widths = VARIANT_WIDTHS.filter((width) => width < originalWidth);
  if (originalWidth <= LARGEST_VARIANT_WIDTH) widths.push(originalWidth);
  return widths;
}

/** `abc.jpg` at 640 px in WebP → `abc-640.webp`, next to the original. */
export function variantName(originalName: string, width: number, format: VariantFormat): string {
  const base = originalName.replace(/\.[^.]+$/, '');
  return `${base}-${width}.${EXTENSIONS[format]}`;
}

export const mimeTypeOf = (format: VariantFormat): string => MIME_TYPES[format];
