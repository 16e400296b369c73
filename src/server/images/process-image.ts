import type { Sharp } from 'sharp';
import type sharpModule from 'sharp';
import { lazyModule } from '../lazy-module.js';
import { LARGEST_VARIANT_WIDTH, variantWidths, type VariantFormat } from './image-variants.js';

/**
 * The most pixels an upload may decode to (a 40-megapixel photo, about 120 MB decoded). A small
 * file claiming more (a decompression bomb) is refused before any pixel is decoded.
 */
const MAX_INPUT_PIXELS = 40_000_000;
/**
 * The longest side an upload may have (a 48-megapixel phone photo is 8064 px wide), and how many
 * times its shortest side it may be (a phone's panorama is about 1:4). A strip of 1 × 39,000,000
 * pixels passes the pixel limit but costs minutes of decoding; these refuse it from the header.
 */
const MAX_SIDE_PX = 10_000;
const MAX_ASPECT_RATIO = 8;

const loadSharp = lazyModule<typeof sharpModule>('sharp');
let sharpConfigured = false;

/**
 * sharp, loaded with the first image. libvips' own memory: one thread per operation (image work
 * runs one job at a time anyway, see inImageQueue) and no cache of decoded images between jobs,
 * so a large upload's pixels are freed when it is done instead of staying as cache.
 */
const sharp: typeof sharpModule = ((...args: Parameters<typeof sharpModule>) => {
  const loaded = loadSharp();
  if (!sharpConfigured) {
    loaded.concurrency(1);
    loaded.cache(false);
    sharpConfigured = true;
  }
  return loaded(...args);
}) as typeof sharpModule;

type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

const SOURCE_FORMATS: Record<string, SourceFormat> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
};

export class ImageRejectedError extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

type EncodedVariant = { width: number; height: number; format: VariantFormat; data: Buffer };

export type ProcessedImage = {
  /** Intrinsic size after EXIF orientation is applied. */
  width: number;
  height: number;
  /** The image's mean colour as #rrggbb, shown while it loads. */
  placeholder: string;
  /** The original re-encoded in its own format, upright and without any metadata. */
  original: Buffer;
  variants: EncodedVariant[];
};

type RawImage = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

const fromRaw = (raw: RawImage): Sharp =>
  sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });

/** Output settings: variants favour size, the kept original favours fidelity. Sharp writes no metadata by default. */
function encode(image: Sharp, format: VariantFormat | SourceFormat, purpose: 'variant' | 'original'): Sharp {
  const variant = purpose === 'variant';
  switch (format) {
    case 'avif':
      return image.avif({ quality: variant ? 50 : 65, effort: 2 });
    case 'webp':
      return image.webp({ quality: variant ? 72 : 88, effort: 4 });
    case 'jpeg':
      return image.jpeg({ quality: variant ? 74 : 88, progressive: variant, mozjpeg: variant });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'gif':
      return image.gif();
  }
}

const tooLarge = () =>
  new ImageRejectedError(413, `Image too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (e.g. 7700 × 5200)`);

function rejectionOf(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooLarge();
  if (/unsupported image format|bad seek|not a known file format/i.test(message)) {
    return new ImageRejectedError(415, 'Only PNG, JPEG, GIF, WebP and AVIF images can be uploaded');
  }
  return new ImageRejectedError(400, 'The image is damaged or incomplete: it could not be read');
}

/**
 * The longest side a stored image keeps: a phone's full-size photo (4032 × 3024, several MB) is scaled down to
 * this on upload; the largest variant the pages use is 1920 px wide.
 */
export const MAX_STORED_SIDE = 2560;

/**
 * Refuses, from the header alone (sharp's metadata() decodes no pixel), an image whose size would
 * make it costly to decode: too many pixels (every frame of an animation counted), a side over
 * MAX_SIDE_PX, or a strip longer than MAX_ASPECT_RATIO times its width.
 */
async function checkDimensions(bytes: Buffer): Promise<{ width: number; height: number }> {
  // With `animated`, height is that of every frame together (pageHeight: one frame's).
  const { width, height, pageHeight, autoOrient } = await sharp(bytes, { animated: true }).metadata();
  if (!width || !height) throw new ImageRejectedError(400, 'The image is damaged or incomplete: it could not be read');
  const frameHeight = pageHeight ?? height;
  if (width * height > MAX_INPUT_PIXELS) throw tooLarge();
  if (Math.max(width, frameHeight) > MAX_SIDE_PX) {
    throw new ImageRejectedError(413, `Image too large: at most ${MAX_SIDE_PX} pixels on its longest side`);
  }
  if (Math.max(width, frameHeight) > MAX_ASPECT_RATIO * Math.min(width, frameHeight)) {
    throw new ImageRejectedError(
      400,
      `Image too narrow: its longest side may be at most ${MAX_ASPECT_RATIO} times its shortest`,
    );
  }
  // The size once turned upright by its EXIF orientation.
  return pageHeight === undefined || pageHeight === height
    ? { width: autoOrient.width, height: autoOrient.height }
    : { width, height: pageHeight };
}

const decoder = (bytes: Buffer, animated = false) =>
  sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });

/**
 * Decodes the image once at the size of its largest variant at most, turned upright by its EXIF
 * orientation: the variants are made from these pixels. (A 24-megapixel photo decoded whole is
 * 72 MB of pixels; JPEG and WebP also decode straight to the smaller size.)
 */
async function decodeForVariants(bytes: Buffer): Promise<RawImage> {
  const { data, info } = await decoder(bytes)
    .autoOrient()
    .resize({ width: LARGEST_VARIANT_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * An animated GIF keeps its frames; any other original is re-encoded upright from the file in one
 * pass of libvips, which streams it rather than holding every pixel.
 */
async function encodeOriginal(bytes: Buffer, format: SourceFormat): Promise<Buffer> {
  if (format === 'gif') return decoder(bytes, true).gif().toBuffer();
  const upright = decoder(bytes)
    .autoOrient()
    .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
  return encode(upright, format, 'original').toBuffer();
}

/** The size of the stored original: at most MAX_STORED_SIDE on its longest side. */
function storedSize({ width, height }: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, MAX_STORED_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function meanColour(raw: RawImage): Promise<string> {
  const { data } = await fromRaw(raw).removeAlpha().resize(1, 1, { fit: 'fill' }).raw().toBuffer({
    resolveWithObject: true,
  });
  const channels = raw.channels <= 2 ? [data[0]!, data[0]!, data[0]!] : [data[0]!, data[1]!, data[2]!];
  return `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Reads an uploaded image once and produces everything stored for it: the original upright and
 * stripped of metadata (EXIF GPS included), and AVIF, WebP and JPEG (PNG when transparent)
 * variants at the widths of `variantWidths`. Unreadable images are refused, and oversized ones
 * (checkDimensions) before any pixel is decoded.
 */
export async function processImage(bytes: Buffer, extension: string): Promise<ProcessedImage> {
  const format = SOURCE_FORMATS[extension];
  if (!format) throw new ImageRejectedError(415, 'Only PNG, JPEG, GIF, WebP and AVIF images can be uploaded');
  try {
    const upright = await checkDimensions(bytes);
    const raw = await decodeForVariants(bytes);
    const original = await encodeOriginal(bytes, format);
    const fallback: VariantFormat = raw.channels === 2 || raw.channels === 4 ? 'png' : 'jpeg';
    const variants: EncodedVariant[] = [];
    for (const width of variantWidths(upright.width)) {
      const height =
        width === raw.width ? raw.height : Math.max(1, Math.round((upright.height * width) / upright.width));
      for (const variantFormat of ['avif', 'webp', fallback] as const) {
        const resized = width === raw.width ? fromRaw(raw) : fromRaw(raw).resize({ width, height, fit: 'fill' });
        const data = await encode(resized, variantFormat, 'variant').toBuffer();
        variants.push({ width, height, format: variantFormat, data });
      }
    }
    const { width, height } = format === 'gif' ? upright : storedSize(upright);
    return { width, height, placeholder: await meanColour(raw), original, variants };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw rejectionOf(error);
  }
}
