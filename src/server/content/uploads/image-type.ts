export type ImageType = { extension: string; mimeType: string };

const PNG: ImageType = { extension: 'png', mimeType: 'image/png' };
const JPEG: ImageType = { extension: 'jpg', mimeType: 'image/jpeg' };
const GIF: ImageType = { extension: 'gif', mimeType: 'image/gif' };
const WEBP: ImageType = { extension: 'webp', mimeType: 'image/webp' };
const AVIF: ImageType = { extension: 'avif', mimeType: 'image/avif' };
const HEIC: ImageType = { extension: 'heic', mimeType: 'image/heic' };

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** AVIF is an ISO-BMFF file whose major or compatible brands include avif/avis. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length);
  for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
    const brand = ascii(bytes, offset, offset + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/** HEIC/HEIF: an ISO-BMFF file whose major brand is one of the HEVC image brands (an iPhone's is heic). */
function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  return (
    ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(ascii(bytes, 8, 12)) && !isAvif(bytes)
  );
}

/**
 * The image type judged from the file's first bytes, never from its name or declared type.
 * Only raster formats browsers show safely; SVG (which can carry script) is not accepted.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return GIF;
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return WEBP;
  if (isAvif(bytes)) return AVIF;
  if (isHeic(bytes)) return HEIC;
  return null;
}

/** The extension an image is stored under: a HEIC photo is stored as JPEG, which every browser shows. */
export const storedExtension = (type: ImageType): string => (type.extension === 'heic' ? 'jpg' : type.extension);
