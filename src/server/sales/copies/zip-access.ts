import { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { lazyModule } from '../../lazy-module.js';
import type { SalesFileStore } from './sales-file-store.js';

/** yauzl loads with the first zip read (a sale's copy, an edition file's check), not with the server. */
const loadYauzl = lazyModule<typeof yauzl>('yauzl');

type StoredFileReaderClass = new (store: SalesFileStore, id: string) => yauzl.RandomAccessReader;
let storedFileReader: StoredFileReaderClass | undefined;

/** A zip's bytes read by range from the sales file store (either engine), for yauzl: made once yauzl is loaded. */
function storedFileReaderClass(): StoredFileReaderClass {
  return (storedFileReader ??= class StoredFileReader extends loadYauzl().RandomAccessReader {
    constructor(
      private readonly store: SalesFileStore,
      private readonly id: string,
    ) {
      super();
    }

    override _readStreamForRange(start: number, end: number): Readable {
      // yauzl's end is exclusive, the store's inclusive.
      return end > start ? this.store.read(this.id, start, end - 1) : Readable.from([]);
    }
  });
}

export type OpenZip = { zip: yauzl.ZipFile; entries: yauzl.Entry[] };

const OPTIONS: yauzl.Options = {
  lazyEntries: true,
  autoClose: false,
  // Each entry's bytes must match the size its header declares: a bomb that lies about it fails mid-read.
  validateEntrySizes: true,
  // Names are judged by the caller (safeEntryName), to answer with its own words.
  strictFileNames: false,
  decodeStrings: true,
};

/** Never more entries than this are listed: a zip of a million empty files is refused, not read. */
const MAX_ZIP_ENTRIES = 10_000;

export class TooManyEntries extends Error {}
/** yauzl refuses names leading out (../, /abs, C:\\) while listing: said in our words. */
export class UnsafeEntryName extends Error {}

async function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  if (zip.entryCount > MAX_ZIP_ENTRIES) throw new TooManyEntries(`more than ${MAX_ZIP_ENTRIES} files`);
  const entries: yauzl.Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) entries.push(entry);
  } catch (error) {
    if (/invalid relative path|absolute path|invalid characters in fileName/.test((error as Error).message))
      throw new UnsafeEntryName((error as Error).message.replace(/^.*?: /, ''));
    throw error;
  }
  return entries;
}

/** Opens a zip kept in the store (`bytes` long) and lists its entries. Close `zip` when done. */
export async function openStoredZip(store: SalesFileStore, id: string, bytes: number): Promise<OpenZip> {
  const file = store.localPath(id);
  if (file) return openZipFile(file);
  const zip = await loadYauzl().fromRandomAccessReaderPromise(new (storedFileReaderClass())(store, id), bytes, OPTIONS);
  try {
    return { zip, entries: await listEntries(zip) };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Opens a zip file on disk and lists its entries. Close `zip` when done. */
export async function openZipFile(file: string): Promise<OpenZip> {
  const zip = await loadYauzl().openPromise(file, OPTIONS);
  try {
    return { zip, entries: await listEntries(zip) };
  } catch (error) {
    zip.close();
    throw error;
  }
}

export class EntryTooLarge extends Error {}

/** An entry's bytes, refused once they pass `maxBytes` (whatever its header claims). */
export async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  if (entry.uncompressedSize > maxBytes) throw new EntryTooLarge(`${entry.fileName} is larger than ${maxBytes} bytes`);
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new EntryTooLarge(`${entry.fileName} is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** True for names a careful reader can use: relative, no `..`, no backslashes or drive letters. */
export function safeEntryName(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.includes('\0')) return false;
  return !name.split('/').some((segment) => segment === '..');
}
