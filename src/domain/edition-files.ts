import type { EditionFormat } from './editions.js';

/**
 * Files the author sells direct, per edition (issue 32): an ebook's EPUB, PDF, MOBI or AZW3, an
 * audiobook's MP3 chapters or M4B. Shared by the admin (what to upload, what was found) and the server.
 */
export type EditionFileKind = 'epub' | 'pdf' | 'mobi' | 'azw3' | 'mp3' | 'm4b';

/** The editions that deliver files, and the kinds each takes. */
export const FILE_KINDS_BY_EDITION: Partial<Record<EditionFormat, readonly EditionFileKind[]>> = {
  ebook: ['epub', 'pdf', 'mobi', 'azw3'],
  audiobook: ['mp3', 'm4b'],
};
export type SellableEditionFormat = 'ebook' | 'audiobook';
export const SELLABLE_EDITION_FORMATS = ['ebook', 'audiobook'] as const;

export const EDITION_FILE_INFO: Record<EditionFileKind, { label: string; contentType: string; maxBytes: number }> = {
  epub: { label: 'EPUB', contentType: 'application/epub+zip', maxBytes: 300 * 1024 * 1024 },
  // pdf-lib stamps a PDF in memory (a few times its size): bounded lower than the rest.
  pdf: { label: 'PDF', contentType: 'application/pdf', maxBytes: 100 * 1024 * 1024 },
  mobi: { label: 'MOBI', contentType: 'application/x-mobipocket-ebook', maxBytes: 300 * 1024 * 1024 },
  azw3: { label: 'AZW3', contentType: 'application/vnd.amazon.ebook', maxBytes: 300 * 1024 * 1024 },
  mp3: { label: 'MP3', contentType: 'audio/mpeg', maxBytes: 2 * 1024 * 1024 * 1024 },
  m4b: { label: 'M4B', contentType: 'audio/mp4', maxBytes: 2 * 1024 * 1024 * 1024 },
};

/** The largest file any edition takes (an audiobook). */
export const MAX_EDITION_FILE_BYTES = 2 * 1024 * 1024 * 1024;
/** Chapters of one audiobook (each an MP3, or one M4B). */
export const MAX_FILES_PER_EDITION = 200;

/** What the upload check found: the EPUB's version, title and entries; a PDF's pages. */
export type EditionFileCheck = {
  summary: string;
  /** Things that are not wrong enough to refuse the file but the author should know. */
  warnings: string[];
};

export type EditionFile = {
  id: string;
  bookId: string;
  editionFormat: SellableEditionFormat;
  kind: EditionFileKind;
  filename: string;
  bytes: number;
  position: number;
  checked: EditionFileCheck;
  createdAt: Date;
};
