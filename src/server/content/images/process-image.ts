import type { Sharp } from 'sharp';
import type sharpModule from 'sharp';
import { UPLOAD_TYPES_MESSAGE } from '../../../domain/images.js';
import { lazyModule } from '../../lazy-module.js';
import { decodeHeic } from './heic-decoder.js';
import { ImageRejectedError } from './image-rejected.js';
import { dimensionRefusal, MAX_INPUT_PIXELS, TOO_MANY_PIXELS } from './image-limits.js';
import { LARGEST_VARIANT_WIDTH, variantWidths, type VariantFormat } from './image-variants.js';

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

/**
 * How hard the variants' encoders work. `upload`: an author's upload, one image, the smallest files. `bulk`: the
 * image-variants job after an import of hundreds of images, where the encoders' time is what counts (a 1600 × 1200
 * photo, measured in one libvips thread: AVIF effort 0 and 4:2:0 chroma take 0.7 s for its seven widths instead of
 * 3.5 s at effort 2, its files within 5% of effort 2's on photos; WebP effort 2 is twice as fast as 4 for 3% more
 * bytes; the JPEG fallback, which only browsers without AVIF and WebP fetch, without trellis quantisation is five
 * times as fast for about 10% more bytes).
 */
export type VariantPace = 'upload' | 'bulk';

/** Output settings: variants favour size, the kept original favours fidelity. Sharp writes no metadata by default. */
function encode(
  image: Sharp,
  format: VariantFormat | SourceFormat,
  purpose: 'variant' | 'original',
  pace: VariantPace = 'upload',
): Sharp {
  const variant = purpose === 'variant';
  const bulk = variant && pace === 'bulk';
  switch (format) {
    case 'avif':
      return bulk
        ? image.avif({ quality: 50, effort: 0, chromaSubsampling: '4:2:0' })
        : image.avif({ quality: variant ? 50 : 65, effort: 2 });
    case 'webp':
      return image.webp({ quality: variant ? 72 : 88, effort: bulk ? 2 : 4 });
    case 'jpeg':
      return bulk
        ? image.jpeg({ quality: 74, progressive: true, mozjpeg: true, trellisQuantisation: false })
        : image.jpeg({ quality: variant ? 74 : 88, progressive: variant, mozjpeg: variant });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'gif':
      return image.gif();
  }
}

const tooLarge = () => new ImageRejectedError(413, TOO_MANY_PIXELS);
const damaged = () => new ImageRejectedError(400, 'The image is damaged or incomplete: it could not be read');

function rejectionOf(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooLarge();
  if (/unsupported image format|bad seek|not a known file format/i.test(message)) {
    return new ImageRejectedError(415, UPLOAD_TYPES_MESSAGE);
  }
  return damaged();
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
  if (!width || !height) throw damaged();
  const refusal = dimensionRefusal(width, pageHeight ?? height, height);
  if (refusal) throw new ImageRejectedError(refusal.statusCode, refusal.message);
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
async function decodeForVariants(upright: Sharp): Promise<RawImage> {
  const { data, info } = await upright
    .resize({ width: LARGEST_VARIANT_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * The original re-encoded from its upright pixels, at most MAX_STORED_SIDE on its longest side: from a file,
 * in one pass of libvips, which streams it rather than holding every pixel.
 */
async function encodeOriginal(upright: Sharp, format: Exclude<SourceFormat, 'gif'>): Promise<Buffer> {
  const stored = upright.resize({
    width: MAX_STORED_SIDE,
    height: MAX_STORED_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  return encode(stored, format, 'original').toBuffer();
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

/** The variants of an image, from its pixels decoded at the largest variant's size at most. */
async function encodeVariants(
  raw: RawImage,
  upright: { width: number; height: number },
  pace: VariantPace,
): Promise<EncodedVariant[]> {
  const fallback: VariantFormat = raw.channels === 2 || raw.channels === 4 ? 'png' : 'jpeg';
  const variants: EncodedVariant[] = [];
  for (const width of variantWidths(upright.width)) {
    const height = width === raw.width ? raw.height : Math.max(1, Math.round((upright.height * width) / upright.width));
    for (const variantFormat of ['avif', 'webp', fallback] as const) {
      const resized = width === raw.width ? fromRaw(raw) : fromRaw(raw).resize({ width, height, fit: 'fill' });
      const data = await encode(resized, variantFormat, 'variant', pace).toBuffer();
      variants.push({ width, height, format: variantFormat, data });
    }
  }
  return variants;
}

/**
 * A HEIC/HEIF photo (an iPhone's): sharp's prebuilt libvips has no HEVC decoder, so heic-decode (libheif compiled
 * to WebAssembly) decodes it in a worker (heic-decoder.ts), its size checked from its header first. Its pixels
 * come upright (libheif applies the file's rotation) and carry no EXIF, so nothing turns them twice; the original
 * is stored as JPEG.
 */
async function processHeic(bytes: Buffer, pace: VariantPace = 'upload'): Promise<ProcessedImage> {
  let decoded;
  try {
    decoded = await decodeHeic(bytes);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw damaged();
  }
  const { width, height, rgba } = decoded;
  const pixels = () => sharp(rgba, { raw: { width, height, channels: 4 } }).removeAlpha();
  try {
    const raw = await decodeForVariants(pixels());
    const original = await encodeOriginal(pixels(), 'jpeg');
    const variants = await encodeVariants(raw, { width, height }, pace);
    return { ...storedSize({ width, height }), placeholder: await meanColour(raw), original, variants };
  } catch (error) {
    throw rejectionOf(error);
  }
}

/**
 * The original alone, as processImage makes it (upright, stripped of metadata, at most MAX_STORED_SIDE), after the
 * same checks: what an import stores at once for each of its images; the variants, twenty encodes of which the
 * AVIF take three quarters of the time (seconds an image on two shared cores), are made afterwards by the
 * image-variants job (process-existing-uploads.ts) so that a big import ends in minutes.
 */
export async function processOriginal(
  bytes: Buffer,
  extension: string,
): Promise<{ original: Buffer; width: number; height: number }> {
  if (extension === 'heic') return processHeic(bytes);
  const format = SOURCE_FORMATS[extension];
  if (!format) throw new ImageRejectedError(415, UPLOAD_TYPES_MESSAGE);
  try {
    const upright = await checkDimensions(bytes);
    if (format === 'gif') return { ...upright, original: await decoder(bytes, true).gif().toBuffer() };
    return { ...storedSize(upright), original: await encodeOriginal(decoder(bytes).autoOrient(), format) };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw rejectionOf(error);
  }
}

/**
 * Reads an uploaded image once and produces everything stored for it: the original upright and
 * stripped of metadata (EXIF GPS included), and AVIF, WebP and JPEG (PNG when transparent)
 * variants at the widths of `variantWidths`. Unreadable images are refused, and oversized ones
 * (checkDimensions) before any pixel is decoded.
 */
export async function processImage(
  bytes: Buffer,
  extension: string,
  pace: VariantPace = 'upload',
): Promise<ProcessedImage> {
  if (extension === 'heic') return processHeic(bytes, pace);
  const format = SOURCE_FORMATS[extension];
  if (!format) throw new ImageRejectedError(415, UPLOAD_TYPES_MESSAGE);
  try {
    const upright = await checkDimensions(bytes);
    const raw = await decodeForVariants(decoder(bytes).autoOrient());
    // An animated GIF keeps its frames; any other original is re-encoded upright in one pass of libvips.
    const original =
      format === 'gif'
        ? await decoder(bytes, true).gif().toBuffer()
        : await encodeOriginal(decoder(bytes).autoOrient(), format);
    const variants = await encodeVariants(raw, upright, pace);
    const { width, height } = format === 'gif' ? upright : storedSize(upright);
    return { width, height, placeholder: await meanColour(raw), original, variants };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw rejectionOf(error);
  }
}
