import type * as fileType from 'file-type';
import { lazyModule } from '../../lazy-module.js';
import type { GiftFormat } from '../../../domain/newsletter-gift.js';

/** file-type loads with the first file it judges, not with the server. */
const loadFileType = lazyModule<typeof fileType>('file-type');

/** Bytes read before deciding what a file is (file-type's own sample size). */
export const GIFT_TYPE_HEAD_BYTES = 4100;

/**
 * What file-type may call each format: an EPUB only as an EPUB (a ZIP whose first entry is its `mimetype`: a gift
 * gets no deeper check), MOBI and AZW3 (KF8) as the Palm database they are, M4B as the MP4 audio it is.
 */
const SNIFFED_AS: Record<GiftFormat, readonly string[]> = {
  epub: ['epub'],
  pdf: ['pdf'],
  mobi: ['mobi'],
  azw3: ['mobi'],
  mp3: ['mp3'],
  m4b: ['m4b', 'm4a', 'mp4'],
};

const FORMAT_BY_EXTENSION: Record<string, GiftFormat> = {
  epub: 'epub',
  pdf: 'pdf',
  mobi: 'mobi',
  azw3: 'azw3',
  mp3: 'mp3',
  m4b: 'm4b',
  m4a: 'm4b',
};

export type GiftTypeCheck = { ok: true; format: GiftFormat } | { ok: false; message: string };

/**
 * The gift format of an uploaded file: its name says which (the extension), its first bytes
 * must agree. A file that is not what it claims is refused.
 */
export async function checkGiftFileType(filename: string, head: Buffer): Promise<GiftTypeCheck> {
  const extension = filename.slice(filename.lastIndexOf('.') + 1).toLowerCase();
  const format = filename.includes('.') ? FORMAT_BY_EXTENSION[extension] : undefined;
  if (!format) return { ok: false, message: 'Gift files are EPUB, PDF, MOBI, AZW3, MP3 or M4B' };
  const found = await loadFileType().fileTypeFromBuffer(head);
  if (!found || !SNIFFED_AS[format].includes(found.ext))
    return {
      ok: false,
      message: `This file is not a real ${format.toUpperCase()} file: its content does not match its name`,
    };
  return { ok: true, format };
}
