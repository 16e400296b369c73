import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { EDITION_FILE_INFO, type EditionFile } from '../../../domain/edition-files.js';
import { slugify } from '../../../domain/slugs.js';
import type { AppDatabase } from '../../db/connection.js';
import { isUniqueViolation, newId } from '../../db/row-conversion.js';
import { makeAudioCopy } from './audio-copy.js';
import { type CopyStamp, FINGERPRINT_PATTERN } from './copy-stamp.js';
import { makeEpubCopy } from './epub-copy.js';
import { readEpubStructure } from './epub-structure.js';
import { findEditionFile, listEditionFiles } from './edition-files-repository.js';
import { makePdfCopy } from './pdf-copy.js';
import {
  deletePersonalCopy,
  findCopyFor,
  insertPersonalCopy,
  listCopiesOfOrder,
  type PersonalCopy,
} from './personal-copies-repository.js';
import { readWhole, type SalesFileStore } from './sales-file-store.js';
import { openStoredZip } from './zip-access.js';

export type PersonalCopyRequest = {
  /** The edition file sold; for an audiobook any of its chapters (the copy holds them all). */
  editionFileId: string;
  buyerName: string;
  /** The order's reference, shown to the buyer ("order 1234"). */
  orderRef: string;
  /** Per purchase, unique: see newFingerprint(). */
  fingerprint: string;
  madeAt: Date;
};

export type PersonalCopyFile = { fileId: string; bytes: number; contentType: string; fileName: string };

export class CopyNotPossible extends Error {}

/** A fresh per-purchase fingerprint (128 random bits). */
export const newFingerprint = (): string => `c${randomBytes(16).toString('base64url')}`;

async function readAll(store: SalesFileStore, file: EditionFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of readWhole(store, file.id, file.bytes) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function copyBytes(
  store: SalesFileStore,
  file: EditionFile,
  stamp: CopyStamp,
): Promise<{ stream: Readable; extension: string; contentType: string }> {
  switch (file.kind) {
    case 'epub': {
      const { zip, entries } = await openStoredZip(store, file.id, file.bytes);
      const structure = await readEpubStructure(zip, entries);
      if (!structure.ok) {
        zip.close();
        throw new CopyNotPossible(`The stored EPUB no longer passes its checks: ${structure.problems.join('; ')}`);
      }
      return {
        stream: makeEpubCopy(zip, entries, structure.layout, stamp),
        extension: 'epub',
        contentType: EDITION_FILE_INFO.epub.contentType,
      };
    }
    case 'pdf':
      return {
        stream: Readable.from([await makePdfCopy(await readAll(store, file), stamp)]),
        extension: 'pdf',
        contentType: EDITION_FILE_INFO.pdf.contentType,
      };
    case 'mp3':
    case 'm4b':
      throw new Error('audio goes through makeAudioCopy');
    case 'mobi':
    case 'azw3':
      // Nothing inside a MOBI/AZW3 is safely writable without a Kindle toolchain: the copy is the file as uploaded.
      return {
        stream: readWhole(store, file.id, file.bytes),
        extension: file.kind,
        contentType: EDITION_FILE_INFO[file.kind].contentType,
      };
  }
}

/**
 * Makes the buyer's personal copy of an edition file and keeps it (the store, and a personal_copies
 * row), so a re-download is a plain file send: an EPUB with its ex-libris page and fingerprint, a PDF
 * with its footer, an audiobook as a ZIP of its tagged chapters, a MOBI/AZW3 as uploaded. Made once per
 * order and file: asked again (a webhook retried, two instances at once), it returns the copy made first.
 */
export async function makePersonalCopy(
  db: AppDatabase,
  store: SalesFileStore,
  request: PersonalCopyRequest,
): Promise<PersonalCopyFile> {
  if (!FINGERPRINT_PATTERN.test(request.fingerprint))
    throw new CopyNotPossible('A fingerprint is 8 to 64 letters, digits, - or _');
  const file = await findEditionFile(db, request.editionFileId);
  if (!file) throw new CopyNotPossible('No edition file has this id');
  const existing = await findCopyFor(db, request.orderRef, file.id);
  if (existing) return asFile(existing);
  const book = await db.selectFrom('books').select('title').where('id', '=', file.bookId).executeTakeFirst();
  const base = slugify(book?.title ?? '', 'book');
  const stamp: CopyStamp = { ...request, madeAt: request.madeAt };
  let made: { stream: Readable; extension: string; contentType: string; suffix: string };
  if (file.kind === 'mp3' || file.kind === 'm4b') {
    const chapters = (await listEditionFiles(db, file.bookId, file.editionFormat)).filter(
      (chapter) => chapter.kind === 'mp3' || chapter.kind === 'm4b',
    );
    made = {
      stream: await makeAudioCopy(store, chapters, stamp),
      extension: 'zip',
      contentType: 'application/zip',
      suffix: '-audiobook',
    };
  } else {
    made = { ...(await copyBytes(store, file, stamp)), suffix: '' };
  }
  const copy: PersonalCopy = {
    id: newId(),
    editionFileId: file.id,
    orderRef: request.orderRef,
    fingerprint: request.fingerprint,
    buyerName: request.buyerName,
    fileName: `${base}${made.suffix}.${made.extension}`,
    contentType: made.contentType,
    bytes: 0,
    madeAt: request.madeAt,
  };
  copy.bytes = await store.write(copy.id, made.stream);
  try {
    await insertPersonalCopy(db, copy);
  } catch (error) {
    await store.remove(copy.id);
    const first = isUniqueViolation(error) ? await findCopyFor(db, request.orderRef, file.id) : undefined;
    if (first) return asFile(first);
    throw error;
  }
  return asFile(copy);
}

const asFile = (copy: PersonalCopy): PersonalCopyFile => ({
  fileId: copy.id,
  bytes: copy.bytes,
  contentType: copy.contentType,
  fileName: copy.fileName,
});

/** Removes an order's copies, rows and bytes (an erasure; a refund only revokes the links). */
export async function removeCopiesOfOrder(db: AppDatabase, store: SalesFileStore, orderRef: string): Promise<number> {
  const copies = await listCopiesOfOrder(db, orderRef);
  for (const copy of copies) {
    await deletePersonalCopy(db, copy.id);
    await store.remove(copy.id);
  }
  return copies.length;
}
