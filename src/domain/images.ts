import { MAX_UPLOAD_MB } from './limits.js';
export const COVER_IMAGE_MESSAGE = 'Cover image must be a valid URL or uploaded file path';

/** Uploaded files are served under this path. */
export const UPLOADED_OBJECT_PREFIX = '/objects/';

/**
 * Where an email loads an upload that has no JPEG/PNG of its own (an SVG, or one not processed yet): a JPEG the
 * server draws from it (/mail-images/uploads/<name>.jpg). Mail clients such as Gmail and Outlook show no SVG.
 */
export const EMAIL_RASTER_PREFIX = '/mail-images/uploads/';

/** An SVG by its address (an upload, or an image elsewhere): never put into an email. */
export const isSvgAddress = (url: string): boolean => /\.svgz?(?:[?#]|$)/i.test(url);

/** An image reference starts with /objects/, http:// or https://. */
export function isValidImageReference(value: string): boolean {
  return value.startsWith(UPLOADED_OBJECT_PREFIX) || value.startsWith('http://') || value.startsWith('https://');
}

/** What the server accepts; a HEIC/HEIF photo (an iPhone's) is stored as JPEG. */
export const UPLOAD_TYPES_MESSAGE = 'Only PNG, JPEG, GIF, WebP, AVIF and HEIC images can be uploaded';

/** A HEIC/HEIF photo by its declared type or name: browsers often declare none for it (the server judges the bytes). */
export const isHeicFile = (file: { type: string; name?: string }): boolean =>
  /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name ?? '');

/** Client-side checks before an upload (the server judges the bytes again). */
export const UPLOAD_ERRORS = {
  invalidType: { title: 'Invalid file type', message: 'Please select an image file' },
  tooLarge: { title: 'File too large', message: `Please select an image smaller than ${MAX_UPLOAD_MB}MB` },
} as const;

/** A resized copy of an uploaded image, served under /objects/ like the upload itself. */
type ImageVariant = {
  url: string;
  width: number;
  /** 'image/avif', 'image/webp', 'image/jpeg' or 'image/png'. */
  type: string;
};

/**
 * What a page needs to show an uploaded image responsively: its intrinsic size (so the box is
 * reserved before it loads), a colour shown meanwhile, and its variants by format and width.
 */
export type ResponsiveImageData = {
  width: number;
  height: number;
  placeholder: string;
  variants: ImageVariant[];
};

/** Content items gain `image` when their picture is a processed upload. */
export type WithImage<T> = T & { image?: ResponsiveImageData };
