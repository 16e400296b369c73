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
