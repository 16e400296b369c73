import path from 'node:path';
import yauzl from 'yauzl';
import { ImportRefused } from './import-refused.js';
import { detachedCopy } from './detached-text.js';

/** A media folder of a big blog holds each upload in several sizes: many files, each small. */
const MAX_ENTRIES = 200_000;
/** Larger than any image a post shows; the upload pipeline would refuse more anyway. */
const MAX_ARCHIVED_IMAGE_BYTES = 25 * 1024 * 1024;
/** Images hardly compress (JPEG, PNG, WebP already are): an entry that unpacks to 20 times its size is a bomb. */
const MAX_RATIO = 20;
const IMAGE_NAME = /\.(jpe?g|png|gif|webp|avif|heic|heif)$/i;
/** WordPress's resized copies: `name-300x200.jpg` beside `name.jpg`. */
const SIZED_COPY = /-\d+x\d+(\.[a-z0-9]+)$/i;

export type ArchivedImage = { bytes: Buffer } | { warning: string };

/** One file of the archive the import would not read, and why (its name outside the archive, a zip bomb…). */
export type RefusedEntry = { name: string; reason: string };

/** True for names a careful extractor could write: relative, no `..`, no backslashes or drive letters. */
function isSafeName(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.includes('\u0000')) return false;
  return !name.split('/').some((segment) => segment === '..');
}

/**
 * The path segments an image address names, lower-cased: a WordPress upload's `/wp-content/uploads/2019/05/a.jpg`,
 * Ghost's `/content/images/2024/01/a.jpg` (`__GHOST_URL__` already taken off), or a Substack CDN address, whose
 * last segment is the original address, escaped (`…/https%3A%2F%2Fsubstack-post-media…%2Fimages%2Fa.png`).
 */
function pathSegmentsOf(reference: string): string[] {
  let pathname: string;
  try {
    pathname = new URL(reference, 'http://relative.invalid').pathname;
  } catch {
    return [];
  }
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the raw path is matched.
  }
  const inner = decoded.lastIndexOf('http');
  if (inner > 0) {
    try {
      decoded = new URL(decoded.slice(inner)).pathname;
    } catch {
      // Not an address after all: the whole path is matched.
    }
  }
  return decoded
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .map((segment) => segment.toLowerCase());
}

/**
 * An entry's name (read as bytes: see open). Bit 11: the name is UTF-8; else the zip's old code page, of which
 * ASCII is all an image's name needs.
 */
function nameOf(entry: yauzl.Entry): string {
  return (entry.fileName as unknown as Buffer).toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
}

/** How many path segments two lists share, counted from their ends. */
function sharedTail(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}

/**
 * A media archive uploaded beside an export: a zip of WordPress's `wp-content/uploads`, Ghost's `content/images`,
 * a Substack export, or any folder of the blog's images. Only its directory is read when it is opened (no file is
 * unpacked to disk); an image is read from it, one at a time and at most 25 MB, when a post shows it. Images are
 * matched by path, from the end: `/wp-content/uploads/2019/05/a.jpg` finds `uploads/2019/05/a.jpg` or
 * `2019/05/a.jpg` (the longest shared tail wins), and a WordPress resized copy (`a-300x200.jpg`) its original.
 * A file that is unsafe to read (a name leading outside the archive, a zip bomb, too large, encrypted) is refused
 * alone, with its reason: the rest of the archive is used.
 */
export class MediaArchive {
  /** Image entries by their lower-cased file name; each with its path segments. */
  private readonly byName = new Map<string, Array<{ entry: yauzl.Entry; segments: string[] }>>();
  readonly refused: RefusedEntry[] = [];
  images = 0;

  private constructor(private readonly zip: yauzl.ZipFile) {}

  static async open(file: string): Promise<MediaArchive> {
    let zip: yauzl.ZipFile;
    try {
      zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
        yauzl.open(
          file,
          // Names are judged here, file by file (yauzl's own check would refuse the whole archive for one bad
          // name, so names come as bytes); sizes are checked again while each is read.
          { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: false },
          (error, opened) => (error ? reject(error) : resolve(opened)),
        ),
      );
    } catch {
      throw new ImportRefused('The media archive is not a zip file');
    }
    const archive = new MediaArchive(zip);
    try {
      await archive.index();
    } catch (error) {
      zip.close();
      if (error instanceof ImportRefused) throw error;
      throw new ImportRefused(`The media archive could not be read: ${(error as Error).message}`);
    }
    return archive;
  }

  private index(): Promise<void> {
    return new Promise((resolve, reject) => {
      let count = 0;
      this.zip.on('entry', (entry: yauzl.Entry) => {
        count += 1;
        if (count > MAX_ENTRIES) {
          reject(new ImportRefused(`The media archive holds more than ${MAX_ENTRIES.toLocaleString('en')} files`, 413));
          return;
        }
        this.consider(entry);
        this.zip.readEntry();
      });
      this.zip.on('end', () => resolve());
      this.zip.on('error', reject);
      this.zip.readEntry();
    });
  }

  private consider(entry: yauzl.Entry): void {
    const name = nameOf(entry);
    if (name.endsWith('/')) return;
    const refuse = (reason: string): void => {
      this.refused.push({ name: detachedCopy(name.slice(0, 300)), reason });
    };
    if (!isSafeName(name)) return refuse('its name leads outside the archive (../ or an absolute path): not read');
    // Other files of an uploads folder (PDFs, a .htaccess, thumbnails' metadata) are no post's images.
    if (!IMAGE_NAME.test(name)) return;
    if (entry.isEncrypted()) return refuse('encrypted: not read');
    if (entry.uncompressedSize > MAX_ARCHIVED_IMAGE_BYTES)
      return refuse(`larger than ${MAX_ARCHIVED_IMAGE_BYTES / 1024 / 1024} MB: not read`);
    if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > MAX_RATIO * entry.compressedSize)
      return refuse('unpacks to far more than it holds (a zip bomb?): not read');
    const segments = name.toLowerCase().split('/').filter(Boolean).map(detachedCopy);
    const key = segments.at(-1)!;
    const list = this.byName.get(key);
    if (list) list.push({ entry, segments });
    else this.byName.set(key, [{ entry, segments }]);
    this.images += 1;
  }

  /** The entry an image address names, or null. */
  private find(reference: string): yauzl.Entry | null {
    const wanted = pathSegmentsOf(reference);
    const file = wanted.at(-1);
    if (!file || !IMAGE_NAME.test(file)) return null;
    const best = (segments: string[]) => {
      const candidates = this.byName.get(segments.at(-1)!);
      if (!candidates) return null;
      let found = candidates[0]!;
      for (const candidate of candidates)
        if (sharedTail(candidate.segments, segments) > sharedTail(found.segments, segments)) found = candidate;
      return found.entry;
    };
    const exact = best(wanted);
    if (exact) return exact;
    if (!SIZED_COPY.test(file)) return null;
    return best([...wanted.slice(0, -1), file.replace(SIZED_COPY, '$1')]);
  }

  /** The archive's file an address names (two addresses may name one file: a resized copy and its original). */
  fileOf(reference: string): string | null {
    const entry = this.find(reference);
    return entry ? nameOf(entry) : null;
  }

  /**
   * The dry run's answer, without unpacking a whole file: whether the archive holds the image an address names
   * and it starts as an image does (its first bytes), else why not (null: not in the archive).
   */
  async check(reference: string, isImage: (start: Buffer) => boolean): Promise<true | { warning: string } | null> {
    const entry = this.find(reference);
    if (!entry) return null;
    try {
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        this.zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
      );
      let start = Buffer.alloc(0);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        start = Buffer.concat([start, chunk]);
        if (start.length >= 64) break;
      }
      (stream as NodeJS.ReadableStream & { destroy: () => void }).destroy();
      if (isImage(start)) return true;
      return {
        warning: `image ${reference} (${path.posix.basename(nameOf(entry))} in the media archive) is not an image`,
      };
    } catch {
      return { warning: `image ${reference} could not be read from the media archive` };
    }
  }

  /** The bytes of the image an address names: null when the archive has none, a warning when it cannot be read. */
  async read(reference: string): Promise<ArchivedImage | null> {
    const entry = this.find(reference);
    if (!entry) return null;
    const where = `image ${reference} (${path.posix.basename(nameOf(entry))} in the media archive)`;
    try {
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        this.zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
      );
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        // validateEntrySizes stops a stream that says less than it holds; this stops one whatever it says.
        if (size > MAX_ARCHIVED_IMAGE_BYTES) {
          (stream as NodeJS.ReadableStream & { destroy: () => void }).destroy();
          return { warning: `${where} unpacks to more than it says: not read; left as a link` };
        }
        chunks.push(chunk);
      }
      return { bytes: Buffer.concat(chunks, size) };
    } catch {
      return { warning: `${where} could not be read from the archive; left as a link` };
    }
  }

  close(): void {
    this.zip.close();
  }
}
