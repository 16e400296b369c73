import type { EditionFileCheck, EditionFileKind } from '../../../domain/edition-files.js';
import { readEpubStructure } from './epub-structure.js';
import { loadPdf, PdfUnreadable } from './pdf-copy.js';
import { readWhole, type SalesFileStore } from './sales-file-store.js';
import { openStoredZip, TooManyEntries, UnsafeEntryName } from './zip-access.js';

export type StoredFileCheck = { ok: true; checked: EditionFileCheck } | { ok: false; problems: string[] };

async function checkEpub(store: SalesFileStore, id: string, bytes: number): Promise<StoredFileCheck> {
  let opened;
  try {
    opened = await openStoredZip(store, id, bytes);
  } catch (error) {
    if (error instanceof TooManyEntries) return { ok: false, problems: [`The EPUB holds ${error.message}: refused`] };
    if (error instanceof UnsafeEntryName)
      return {
        ok: false,
        problems: [`"${error.message.slice(0, 200)}" leads outside the book (../ or an absolute path): refused`],
      };
    return { ok: false, problems: [`This is not a readable EPUB (ZIP) file: ${(error as Error).message}`] };
  }
  const { zip, entries } = opened;
  try {
    const structure = await readEpubStructure(zip, entries);
    if (!structure.ok) return structure;
    const { layout } = structure;
    return {
      ok: true,
      checked: {
        summary: `EPUB ${layout.version}: “${layout.title}”, ${layout.entryCount} files, ${(layout.unpackedBytes / 1024 / 1024).toFixed(1)} MB unpacked`,
        warnings: structure.warnings,
      },
    };
  } catch (error) {
    return { ok: false, problems: [`The EPUB could not be read: ${(error as Error).message}`] };
  } finally {
    zip.close();
  }
}

async function checkPdf(store: SalesFileStore, id: string, bytes: number): Promise<StoredFileCheck> {
  const chunks: Buffer[] = [];
  for await (const chunk of readWhole(store, id, bytes) as AsyncIterable<Buffer>) chunks.push(chunk);
  try {
    const pdf = await loadPdf(Buffer.concat(chunks));
    return { ok: true, checked: { summary: `PDF: ${pdf.getPageCount()} pages`, warnings: [] } };
  } catch (error) {
    if (error instanceof PdfUnreadable) return { ok: false, problems: [error.message] };
    throw error;
  }
}

/**
 * Checks a stored upload as its kind requires: an EPUB's zip, mimetype, container and OPF (see
 * epub-structure.ts); that a PDF can be stamped. MOBI/AZW3 and audio were judged by their first bytes.
 */
export async function checkStoredFile(
  store: SalesFileStore,
  id: string,
  kind: EditionFileKind,
  bytes: number,
): Promise<StoredFileCheck> {
  if (kind === 'epub') return checkEpub(store, id, bytes);
  if (kind === 'pdf') return checkPdf(store, id, bytes);
  const label = kind === 'mp3' || kind === 'm4b' ? 'audio' : 'Kindle book';
  return {
    ok: true,
    checked: {
      summary: `${kind.toUpperCase()} ${label}, ${(bytes / 1024 / 1024).toFixed(1)} MB`,
      warnings:
        kind === 'mobi' || kind === 'azw3'
          ? ['MOBI/AZW3 copies carry no ex-libris or fingerprint: sell the EPUB (Send to Kindle takes it)']
          : [],
    },
  };
}
