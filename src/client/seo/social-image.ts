import type { ResponsiveImageData } from '../../domain/images.js';

/** The image a page offers to link previews (Open Graph, X) and to search engines (JSON-LD). */
export type SocialImage = { src: string; alt: string; width?: number; height?: number; type?: string };

/** Link previews are drawn at about 1200 px wide (Facebook's and X's large card). */
const SOCIAL_IMAGE_WIDTH = 1200;

/** Formats every preview crawler reads; WebP only when an upload has nothing else. */
const UNIVERSAL_TYPES = new Set(['image/jpeg', 'image/png']);

const isSvg = (src: string) => /\.svg$/i.test(src.split(/[?#]/)[0] ?? '');

/**
 * The variant a preview should fetch: the narrowest JPEG/PNG at least 1200 px wide, else the
 * widest one (an upload narrower than that), never the full-size original.
 */
function previewVariant(image: ResponsiveImageData): ResponsiveImageData['variants'][number] | undefined {
  const universal = image.variants.filter((variant) => UNIVERSAL_TYPES.has(variant.type));
  const candidates = universal.length > 0 ? universal : image.variants.filter((v) => v.type === 'image/webp');
  const byWidth = [...candidates].sort((a, b) => a.width - b.width);
  return byWidth.find((variant) => variant.width >= SOCIAL_IMAGE_WIDTH) ?? byWidth.at(-1);
}

/**
 * What to show for a picture in previews. An upload with variants gives its preview-sized
 * variant with its size; an SVG (the demo art) gives null, so the page falls back to the shared
 * social card (Facebook, X and LinkedIn draw no SVG); another site's image is passed on as it is.
 */
export function socialImageFor(src: string, image: ResponsiveImageData | undefined, alt: string): SocialImage | null {
  // No image (a post without a cover): the page's head falls back to the site's own card.
  if (!src && !image) return null;
  const variant = image && previewVariant(image);
  if (image && variant) {
    return {
      src: variant.url,
      alt,
      width: variant.width,
      height: Math.round((variant.width * image.height) / image.width),
      type: variant.type,
    };
  }
  return isSvg(src) ? null : { src, alt };
}

/**
 * The picture named in structured data: the preview variant of an upload, else the picture
 * itself (search engines read SVG, so demo art stays as it is).
 */
export function structuredDataImage(src: string, image: ResponsiveImageData | undefined): string {
  return (image && previewVariant(image)?.url) ?? src;
}
