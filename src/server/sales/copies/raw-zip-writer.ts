import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import type yauzl from 'yauzl';

/**
 * A ZIP written from another ZIP's entries without unpacking them: each kept entry's packed bytes are
 * copied as they are (yauzl with decompress: false), with its CRC, sizes, method and time from the source's
 * central directory; a few new or changed entries are added from memory. No re-deflating: a 5 MB EPUB is
 * copied at disk speed and comes out byte-for-byte the same where it was not changed. Plain ZIP (no
 * ZIP64): for archives under 4 GB and 65,535 entries (an EPUB is bounded far below, see EPUB_LIMITS).
 */
/** A DOS time and date as a ZIP stores them. */
type DosStamp = { time: number; date: number };

export type RawZipItem =
  | { kind: 'copy'; entry: yauzl.Entry }
  | { kind: 'new'; name: string; data: Buffer; compress: boolean; modified: Date | DosStamp };

const UTF8_NAMES = 0x0800;
const DATA_DESCRIPTOR = 0x0008;

function dosTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

type Written = {
  name: Buffer;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  packed: number;
  size: number;
  external: number;
  offset: number;
};

function localHeader(item: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(item.flags, 6);
  header.writeUInt16LE(item.method, 8);
  header.writeUInt16LE(item.time, 10);
  header.writeUInt16LE(item.date, 12);
  header.writeUInt32LE(item.crc, 14);
  header.writeUInt32LE(item.packed, 18);
  header.writeUInt32LE(item.size, 22);
  header.writeUInt16LE(item.name.length, 26);
  header.writeUInt16LE(0, 28); // no extra field (the OCF wants none on mimetype)
  return Buffer.concat([header, item.name]);
}

function centralHeader(item: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, 2.0
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(item.flags, 8);
  header.writeUInt16LE(item.method, 10);
  header.writeUInt16LE(item.time, 12);
  header.writeUInt16LE(item.date, 14);
  header.writeUInt32LE(item.crc, 16);
  header.writeUInt32LE(item.packed, 20);
  header.writeUInt32LE(item.size, 24);
  header.writeUInt16LE(item.name.length, 28);
  header.writeUInt32LE(item.external >>> 0, 38);
  header.writeUInt32LE(item.offset, 42);
  return Buffer.concat([header, item.name]);
}

/** The ZIP of `items`, in order, as a stream; `comment` (ASCII) in its end record. Closes `zip` when done. */
export function writeRawZip(zip: yauzl.ZipFile, items: RawZipItem[], comment: string): Readable {
  async function* bytes(): AsyncGenerator<Buffer> {
    const written: Written[] = [];
    let offset = 0;
    try {
      for (const item of items) {
        if (item.kind === 'copy') {
          const { entry } = item;
          const { time, date } = { time: entry.lastModFileTime, date: entry.lastModFileDate };
          const record: Written = {
            name: Buffer.from(entry.fileName, 'utf8'),
            flags: (entry.generalPurposeBitFlag & ~DATA_DESCRIPTOR) | UTF8_NAMES,
            method: entry.compressionMethod,
            time,
            date,
            crc: entry.crc32,
            packed: entry.compressedSize,
            size: entry.uncompressedSize,
            external: entry.externalFileAttributes,
            offset,
          };
          const header = localHeader(record);
          yield header;
          offset += header.length;
          // Packed bytes as they are (a stored entry's are its bytes: yauzl takes decompress only for packed ones).
          const raw = await zip.openReadStreamPromise(
            entry,
            entry.compressionMethod === 0 ? {} : { decompress: false },
          );
          let copied = 0;
          for await (const chunk of raw as AsyncIterable<Buffer>) {
            copied += chunk.length;
            yield chunk;
          }
          if (copied !== entry.compressedSize)
            throw new Error(`${entry.fileName}: ${copied} bytes, not ${entry.compressedSize}`);
          offset += copied;
          written.push(record);
        } else {
          const data = item.compress ? deflateRawSync(item.data) : item.data;
          const record: Written = {
            name: Buffer.from(item.name, 'utf8'),
            flags: UTF8_NAMES,
            method: item.compress ? 8 : 0,
            ...(item.modified instanceof Date ? dosTime(item.modified) : item.modified),
            crc: crc32(item.data),
            packed: data.length,
            size: item.data.length,
            external: (0o100644 << 16) >>> 0,
            offset,
          };
          const header = localHeader(record);
          yield header;
          yield data;
          offset += header.length + data.length;
          written.push(record);
        }
      }
      const central = Buffer.concat(written.map(centralHeader));
      yield central;
      const note = Buffer.from(comment.replace(/[^\x20-\x7e]/g, '?').slice(0, 0xffff), 'latin1');
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(written.length, 8);
      end.writeUInt16LE(written.length, 10);
      end.writeUInt32LE(central.length, 12);
      end.writeUInt32LE(offset, 16);
      end.writeUInt16LE(note.length, 20);
      yield Buffer.concat([end, note]);
    } finally {
      zip.close();
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}
