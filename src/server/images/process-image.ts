import sharp, { type Sharp } from 'sharp';
import { variantWidths, type VariantFormat } from './image-variants.js';

/**
 * The most pixels an upload may decode to (a 40-megapixel photo, about 120 MB decoded). A small
 * file claiming more (a decompression bomb) is refused before any pixel is decoded.
 */
const MAX_INPUT_PIXELS = 40_000_000;

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

function rejectionOf(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ImageRejectedError(
      413,
      `Image too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (e.g. 7700 × 5200)`,
    );
  }
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

/** Decodes the whole image once, turned upright by its EXIF orientation, at most MAX_STORED_SIDE on its longest side. */
async function decodeUpright(bytes: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
    .autoOrient()
    .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** An animated GIF keeps its frames; any other original is re-encoded from the decoded pixels. */
async function encodeOriginal(bytes: Buffer, raw: RawImage, format: SourceFormat): Promise<Buffer> {
  if (format === 'gif') {
    return sharp(bytes, { animated: true, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' }).gif().toBuffer();
  }
  return encode(fromRaw(raw), format, 'original').toBuffer();
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
 * variants at the widths of `variantWidths`. Unreadable or oversized images are refused.
 */
export async function processImage(bytes: Buffer, extension: string): Promise<ProcessedImage> {
  const format = SOURCE_FORMATS[extension];
  if (!format) throw new ImageRejectedError(415, 'Only PNG, JPEG, GIF, WebP and AVIF images can be uploaded');
  try {
    const raw = await decodeUpright(bytes);
    const original = await encodeOriginal(bytes, raw, format);
    const fallback: VariantFormat = raw.channels === 2 || raw.channels === 4 ? 'png' : 'jpeg';
    const variants: EncodedVariant[] = [];
    for (const width of variantWidths(raw.width)) {
      const height = Math.max(1, Math.round((raw.height * width) / raw.width));
      for (const variantFormat of ['avif', 'webp', fallback] as const) {
        const resized = width === raw.width ? fromRaw(raw) : fromRaw(raw).resize({ width, height, fit: 'fill' });
        const data = await encode(resized, variantFormat, 'variant').toBuffer();
        variants.push({ width, height, format: variantFormat, data });
      }
    }
    return { width: raw.width, height: raw.height, placeholder: await meanColour(raw), original, variants };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw rejectionOf(error);
  }
}
