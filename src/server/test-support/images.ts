import { deflateSync } from 'node:zlib';

/** Tiny but real image files (or their magic bytes), built in code so no fixture files are needed. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid 1x1 RGBA PNG; `padding` bytes of text chunk make it as large as a test needs. */
export function pngImage(padding = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const pixels = deflateSync(Buffer.from([0, 0xb0, 0x20, 0x10, 0xff])); // filter byte + one ember-red pixel
  const chunks = [pngChunk('IHDR', header)];
  if (padding > 0)
    chunks.push(pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padding, 0x61)])));
  chunks.push(pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([PNG_SIGNATURE, ...chunks]);
}

export const TINY_PNG = pngImage();

/** A tiny PNG whose header claims `width` × `height` pixels: a decompression bomb's first bytes. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const row = Buffer.alloc(1 + width); // one row of zeros; the rest is missing
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(row)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A whole, valid greyscale PNG of `width` × `height` black pixels: tiny (zeros deflate to almost
 * nothing) however many pixels it holds, e.g. a strip of 1 × 39,000,000.
 */
export function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc((1 + width) * height), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Magic bytes followed by filler: enough for detection by content. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0filler'),
]);
export const GIF_BYTES = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
export const WEBP_BYTES = Buffer.concat([
  Buffer.from('RIFF', 'ascii'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L', 'ascii'),
  Buffer.alloc(14),
]);

export const AVIF_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x1c]),
  Buffer.from('ftypavif', 'ascii'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('avifmif1miaf', 'ascii'),
]);

export const TEXT_POSING_AS_PNG = Buffer.from('just some words, not an image at all\n');

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
);

/**
 * A real HEIC photo (HEVC, 600 × 400, 762 bytes), made with Debian's heif-enc (libheif-examples, x265) from a PNG
 * whose left half is red (200, 40 | 180, ·) and right half dark (30, ·, ·), top half low green, bottom half high.
 */
export const HEIC_PHOTO = Buffer.from(
  'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAUNtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAFnAAEAAAAAAAABkwAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAw2lwcnAAAAClaXBjbwAAAHlodmNDAQNwAAAAAAAAAAAAP/AA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAP7oCQCEAAQAsQgEBA3AAAAMAkAAAAwAAAwA/oASyAZFlupJKa5uBAQMCAAADAAIAAAMAAhAiAAEAB0QBwXKwYkAAAAAUaXNwZQAAAAAAAAJYAAABkAAAABBwaXhpAAAAAAMICAgAAAAWaXBtYQAAAAAAAAABAAEDgQKDAAABm21kYXQAAAGPKAGvC04hzGROfHhC+sa6oxv2pxAlfH3zhNj7riyuHj/z2hz9yC841R/nvSgsJnf7Hdqx+z2s3zh53FjWh1wIc8wIjoqhBYMiIWcCPZiYlYsoTEapycD86tV1v/+IC9lyPQGacS7YRrr0M8jkRXclWA0tgS3y76rM6AAAAwAAooDb8LkPyuYPvg4awl6GTR6u/cjNIAAAAwAVENczDLQ/3CqJoHt2//s8AAADAAFP1ao9//qfl4fhpM2fDsqR/gTI9/fxXT6twNfEMcjnODfIWycUkiWeLPP+Bb+pTS34aRC/EzVa8G26FpGZFDmSll8qblQ2CypXck9yOdW9CxLFm/ENzNhzZWpXsS04dcBx2v3iYWnqPpBHt6VvvVUTWO6cEb3B2/HYQkeXWjJvtQsIdcG3iSPiLozUMAp8QcwiOwQRGUW1LsSONhF0OugzoDK/2mAZoLfFBwAveTbgmdqpn7NCLJcJ3NQAAAMAAz4+dnXNh84DOZAAAAMAAAMB92z1rSJPyJTN8/ObCS4AAA6Y',
  'base64',
);

/** HEIC_PHOTO with its header (the ispe box) claiming another size: its HEVC data stays 600 × 400. */
export function heicClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(HEIC_PHOTO);
  const ispe = bytes.indexOf('ispe', 0, 'ascii');
  if (ispe < 0) throw new Error('HEIC_PHOTO has no ispe box');
  bytes.writeUInt32BE(width, ispe + 8);
  bytes.writeUInt32BE(height, ispe + 12);
  return bytes;
}
