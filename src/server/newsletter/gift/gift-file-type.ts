import type { GiftFormat } from '../../../domain/newsletter-gift.js';

/** Bytes read before deciding what a file is. */
export const GIFT_TYPE_HEAD_BYTES = 68;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** What the bytes are, whatever the name says. */
function detect(head: Buffer): 'pdf' | 'epub' | 'mobi' | 'mp3' | 'mp4' | null {
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  // EPUB: a ZIP whose first entry is the stored file "mimetype" holding application/epub+zip.
  if (
    head.readUInt32LE(0) === 0x04034b50 &&
    ascii(head, 30, 38) === 'mimetype' &&
    ascii(head, 38, 58) === 'application/epub+zip'
  )
    return 'epub';
  // MOBI and AZW3 (KF8) are Palm databases of type BOOK, creator MOBI.
  if (ascii(head, 60, 68) === 'BOOKMOBI') return 'mobi';
  if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  if (ascii(head, 4, 8) === 'ftyp') return 'mp4';
  return null;
}

const FORMAT_BY_EXTENSION: Record<string, GiftFormat> = {
  epub: 'epub',
  pdf: 'pdf',
  mobi: 'mobi',
  azw3: 'azw3',
  mp3: 'mp3',
  m4b: 'm4b',
  m4a: 'm4b',
};

const DETECTED_FORMATS: Record<GiftFormat, ReturnType<typeof detect>> = {
  epub: 'epub',
  pdf: 'pdf',
  mobi: 'mobi',
  azw3: 'mobi',
  mp3: 'mp3',
  m4b: 'mp4',
};

export type GiftTypeCheck = { ok: true; format: GiftFormat } | { ok: false; message: string };

/**
 * The gift format of an uploaded file: its name says which (the extension), its first bytes
 * must agree. A file that is not what it claims is refused.
 */
export function checkGiftFileType(filename: string, head: Buffer): GiftTypeCheck {
  const extension = filename.slice(filename.lastIndexOf('.') + 1).toLowerCase();
  const format = filename.includes('.') ? FORMAT_BY_EXTENSION[extension] : undefined;
  if (!format) return { ok: false, message: 'Gift files are EPUB, PDF, MOBI, AZW3, MP3 or M4B' };
  const padded = head.length >= GIFT_TYPE_HEAD_BYTES ? head : Buffer.concat([head, Buffer.alloc(GIFT_TYPE_HEAD_BYTES)]);
  if (detect(padded) !== DETECTED_FORMATS[format])
    return {
      ok: false,
      message: `This file is not a real ${format.toUpperCase()} file: its content does not match its name`,
    };
  return { ok: true, format };
}
