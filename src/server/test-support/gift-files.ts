import { randomBytes } from 'node:crypto';
import type { GiftFormat } from '../../domain/newsletter-gift.js';

/** Bytes that start as each gift format really does, followed by `size` random bytes (or bytes all equal to `fill`). */
export function sampleGiftFile(format: GiftFormat, size = 4096, fill?: number): Buffer {
  const body = fill === undefined ? randomBytes(size) : Buffer.alloc(size, fill);
  switch (format) {
    case 'pdf':
      return Buffer.concat([Buffer.from('%PDF-1.7\n'), body]);
    case 'epub': {
      // A ZIP local header for its first entry, the stored file "mimetype" (20 bytes: application/epub+zip).
      const head = Buffer.alloc(30);
      head.writeUInt32LE(0x04034b50, 0);
      head.writeUInt16LE(20, 4);
      head.writeUInt32LE(20, 18);
      head.writeUInt32LE(20, 22);
      head.writeUInt16LE(8, 26);
      return Buffer.concat([head, Buffer.from('mimetypeapplication/epub+zip'), body]);
    }
    case 'mobi':
    case 'azw3': {
      const head = Buffer.alloc(78);
      head.write('The Marshal', 0, 'latin1');
      head.write('BOOKMOBI', 60, 'latin1');
      return Buffer.concat([head, body]);
    }
    case 'mp3':
      // An empty ID3v2.4 tag (its size written, 0: random size bytes would sometimes make file-type skip into the
      // random body and find no MP3 there), then an MPEG-1 Layer III frame header (128 kbit/s, 44.1 kHz).
      return Buffer.concat([
        Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'),
        Buffer.from([0xff, 0xfb, 0x90, 0x64]),
        body,
      ]);
    case 'm4b':
      return Buffer.concat([
        Buffer.from([0, 0, 0, 0x20]),
        Buffer.from('ftypM4B \u0000\u0000\u0002\u0000', 'latin1'),
        body,
      ]);
  }
}
