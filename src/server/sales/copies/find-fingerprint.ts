import { createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as fileType from 'file-type';
import { EDITION_FILE_INFO } from '../../../domain/edition-files.js';
import { lazyModule } from '../../lazy-module.js';
import { FINGERPRINT_IN_TEXT } from './copy-stamp.js';
import { pdfFingerprint } from './pdf-copy.js';
import { openZipFile, readEntry, safeEntryName } from './zip-access.js';

/** file-type loads with the first file it judges, not with the server. */
const loadFileType = lazyModule<typeof fileType>('file-type');

/** Where in the file the fingerprint was found (a re-zipped EPUB keeps the OPF's and the page's, loses the comment). */
type FingerprintPlace = 'zip comment' | 'opf identifier' | 'ex-libris page' | 'pdf keywords' | 'id3 tag';
export type FoundFingerprint = { fingerprint: string; foundIn: FingerprintPlace[] };

/** Text entries read while looking: the ex-libris page and the OPF are small. */
const MAX_TEXT_ENTRY_BYTES = 8 * 1024 * 1024;
const MAX_TEXT_ENTRIES = 2_000;
/** A suspected leak is at most an edition file's size. */
const MAX_SUSPECT_BYTES = 2 * 1024 * 1024 * 1024;

async function zipFingerprint(file: string): Promise<FoundFingerprint | null> {
  const { zip, entries } = await openZipFile(file);
  const found = new Map<string, FingerprintPlace[]>();
  const note = (text: string, place: FingerprintPlace) => {
    const fingerprint = FINGERPRINT_IN_TEXT.exec(text)?.[1];
    if (fingerprint) found.set(fingerprint, [...(found.get(fingerprint) ?? []), place]);
  };
  try {
    note(zip.comment, 'zip comment');
    let read = 0;
    for (const entry of entries) {
      if (!safeEntryName(entry.fileName) || read >= MAX_TEXT_ENTRIES) continue;
      const isOpf = /\.opf$/i.test(entry.fileName);
      const isPage = /\.x?html?$/i.test(entry.fileName);
      if (isOpf || isPage) {
        read += 1;
        const text = (await readEntry(zip, entry, MAX_TEXT_ENTRY_BYTES).catch(() => Buffer.alloc(0))).toString('utf8');
        note(text, isOpf ? 'opf identifier' : 'ex-libris page');
      } else if (/\.mp3$/i.test(entry.fileName)) {
        read += 1;
        // The ID3 tag is at the front: its first 64 KB hold the copy's frames.
        const stream = await zip.openReadStreamPromise(entry);
        const chunks: Buffer[] = [];
        let bytes = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          chunks.push(chunk);
          bytes += chunk.length;
          if (bytes >= 64 * 1024) break;
        }
        stream.destroy();
        const head = Buffer.concat(chunks);
        note(head.toString('latin1') + head.toString('utf16le') + head.subarray(1).toString('utf16le'), 'id3 tag');
      }
    }
  } finally {
    zip.close();
  }
  // Several fingerprints (a copy stitched from two): the one found in most places.
  const [best] = [...found.entries()].sort((a, b) => b[1].length - a[1].length);
  return best ? { fingerprint: best[0], foundIn: [...new Set(best[1])] } : null;
}

/**
 * What a suspected leak holds: the fingerprint of a personal copy this site made (`found`), none (`none`: a file
 * of a kind copies are made of, without a mark), or a file that cannot be read as one (`unreadable`, with why).
 */
export type CopyLookup =
  | ({ status: 'found' } & FoundFingerprint)
  | { status: 'none'; kind: 'EPUB or ZIP' | 'PDF' | 'MP3' }
  | { status: 'unreadable'; reason: string };

const UNREADABLE_KIND =
  'This is not an EPUB, PDF, audiobook ZIP or MP3 (judged by its content, not its name): copies are made of those only';

/**
 * A suspected leak's fingerprint, read from a stream (spooled to a private temporary folder first: a zip is read
 * from its end, and removed after) or a file.
 */
export async function lookUpCopy(source: Readable | string): Promise<CopyLookup> {
  if (typeof source !== 'string') {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'copy-lookup-'));
    const file = path.join(folder, 'suspect');
    try {
      let bytes = 0;
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            bytes += chunk.length;
            if (bytes > MAX_SUSPECT_BYTES) throw new Error('This file is larger than any edition file');
            yield chunk;
          }
        },
        createWriteStream(file, { mode: 0o600 }),
      );
      return await lookUpCopy(file);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  const type = await loadFileType().fileTypeFromFile(source);
  const found = (result: FoundFingerprint | null, kind: 'EPUB or ZIP' | 'PDF' | 'MP3'): CopyLookup =>
    result ? { status: 'found', ...result } : { status: 'none', kind };
  if (type?.ext === 'epub' || type?.ext === 'zip') {
    try {
      return found(await zipFingerprint(source), 'EPUB or ZIP');
    } catch {
      return { status: 'unreadable', reason: 'This EPUB or ZIP is damaged: its table of contents cannot be read' };
    }
  }
  if (type?.ext === 'pdf') {
    if ((await stat(source)).size > EDITION_FILE_INFO.pdf.maxBytes * 2)
      return { status: 'unreadable', reason: 'This PDF is larger than any PDF the site sells' };
    let fingerprint: string | null;
    try {
      fingerprint = await pdfFingerprint(await readFile(source));
    } catch {
      return { status: 'unreadable', reason: 'This PDF is damaged: it cannot be read' };
    }
    return found(fingerprint ? { fingerprint, foundIn: ['pdf keywords'] } : null, 'PDF');
  }
  if (type?.ext === 'mp3') {
    const handle = await open(source);
    try {
      const head = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const text = head.subarray(0, bytesRead);
      const fingerprint = FINGERPRINT_IN_TEXT.exec(
        text.toString('latin1') + text.toString('utf16le') + text.subarray(1).toString('utf16le'),
      )?.[1];
      return found(fingerprint ? { fingerprint, foundIn: ['id3 tag'] } : null, 'MP3');
    } finally {
      await handle.close();
    }
  }
  return { status: 'unreadable', reason: UNREADABLE_KIND };
}

/**
 * The personal copy's fingerprint in a file (a suspected leak: EPUB, PDF, or an audiobook ZIP), or null
 * when it carries none this site wrote (or cannot be read).
 */
export async function findCopyFingerprint(source: Readable | string): Promise<FoundFingerprint | null> {
  const result = await lookUpCopy(source);
  return result.status === 'found' ? { fingerprint: result.fingerprint, foundIn: result.foundIn } : null;
}
