import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { ImportRefused } from './import-refused.js';

const MAX_ENTRIES = 20_000;
const MAX_TOTAL_BYTES = 1024 * 1024 * 1024;
/** A zip bomb packs gigabytes into kilobytes; real exports compress text about 10:1 at most. */
const MAX_RATIO = 200;

const UNSAFE_ZIP = 'This zip holds a file whose name leads outside the archive (../ or an absolute path): refused';

/** True for names a careful extractor can write: relative, no `..`, no backslashes or drive letters. */
function isSafeName(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name)) return false;
  return !name.split('/').some((segment) => segment === '..');
}

/**
 * Extracts the entries `wanted` picks into `into`, refusing the whole zip first if any name is unsafe, there are
 * too many entries, or they would unpack to too much. Returns the extracted names (as in the zip).
 */
export async function extractZip(file: string, into: string, wanted: (name: string) => boolean): Promise<string[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      // validateFileName off: the names are judged here, to answer with our own message.
      yauzl.open(
        file,
        { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
        (error, opened) => (error ? reject(error) : resolve(opened)),
      ),
    );
  } catch {
    throw new ImportRefused('This is not a zip file');
  }
  const extracted: string[] = [];
  try {
    const entries = await listEntries(zip);
    if (entries.length > MAX_ENTRIES) throw new ImportRefused(`This zip holds more than ${MAX_ENTRIES} files`, 413);
    let total = 0;
    for (const entry of entries) {
      if (!isSafeName(entry.fileName)) throw new ImportRefused(UNSAFE_ZIP);
      total += entry.uncompressedSize;
      if (
        entry.compressedSize > 0 &&
        entry.uncompressedSize / entry.compressedSize > MAX_RATIO &&
        entry.uncompressedSize > 1e6
      )
        throw new ImportRefused('This zip unpacks to far more than it holds (a zip bomb?): refused', 413);
    }
    if (total > MAX_TOTAL_BYTES) throw new ImportRefused('This zip unpacks to more than 1 GB', 413);
    for (const entry of entries) {
      if (entry.fileName.endsWith('/') || !wanted(entry.fileName)) continue;
      const target = path.join(into, entry.fileName);
      await mkdir(path.dirname(target), { recursive: true });
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
      );
      await pipeline(stream, createWriteStream(target, { flags: 'wx' }));
      extracted.push(entry.fileName);
    }
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    // yauzl judges names too, and says so in its own words.
    if (/invalid relative path|absolute path|invalid characters in fileName/.test((error as Error).message))
      throw new ImportRefused(UNSAFE_ZIP);
    throw new ImportRefused(`The zip could not be read: ${(error as Error).message}`);
  } finally {
    zip.close();
  }
  return extracted;
}

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}
