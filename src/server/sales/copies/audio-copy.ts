import { PassThrough, type Readable } from 'node:stream';
import type yazl from 'yazl';
import type { EditionFile } from '../../../domain/edition-files.js';
import { lazyModule } from '../../lazy-module.js';
import { asciiOnly, type CopyStamp, exLibrisLine, FINGERPRINT_MARK } from './copy-stamp.js';
import { id3TagBytes, personalTag } from './id3-tag.js';
import type { SalesFileStore } from './sales-file-store.js';

/** yazl loads with the first zip written, not with the server. */
const loadYazl = lazyModule<typeof yazl>('yazl');

/** Tags with cover art run to a few MB; anything larger is not read as a tag. */
const MAX_TAG_BYTES = 16 * 1024 * 1024;

async function readRange(store: SalesFileStore, id: string, start: number, end: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of store.read(id, start, end) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** An MP3 with the copy's ID3 frames in front and its audio after, streamed; its size known before. */
async function taggedMp3(store: SalesFileStore, file: EditionFile, stamp: CopyStamp) {
  const head = file.bytes >= 10 ? await readRange(store, file.id, 0, 9) : Buffer.alloc(0);
  const oldBytes = Math.min(id3TagBytes(head), file.bytes);
  const oldTag =
    oldBytes > 0 && oldBytes <= MAX_TAG_BYTES ? await readRange(store, file.id, 0, oldBytes - 1) : Buffer.alloc(0);
  const { tag, skip } = personalTag(oldTag, exLibrisLine(stamp), `${FINGERPRINT_MARK}${stamp.fingerprint}`);
  const size = tag.length + file.bytes - skip;
  const open = (): Readable => {
    const out = new PassThrough({ highWaterMark: 256 * 1024 });
    out.write(tag);
    if (skip >= file.bytes) out.end();
    else
      store
        .read(file.id, skip, file.bytes - 1)
        .on('error', (error) => out.destroy(error))
        .pipe(out);
    return out;
  };
  return { size, open };
}

const entryName = (index: number, count: number, filename: string) =>
  `${String(index + 1).padStart(String(count).length < 2 ? 2 : String(count).length, '0')} ${filename.replace(/[/\\]/g, '_')}`;

/**
 * The buyer's audiobook: a ZIP (stored, not deflated: audio does not pack) of its chapters in order,
 * each MP3 with an ID3 comment naming the buyer and order and a TXXX frame with the fingerprint,
 * each entry's ZIP comment saying the same (the only mark an M4B gets: its tags are left alone, see
 * README), and the order and fingerprint in the ZIP comment. One chapter is read at a time.
 */
export async function makeAudioCopy(
  store: SalesFileStore,
  chapters: EditionFile[],
  stamp: CopyStamp,
): Promise<Readable> {
  const zip = new (loadYazl().ZipFile)();
  const line = exLibrisLine(stamp);
  for (const [index, chapter] of chapters.entries()) {
    const name = entryName(index, chapters.length, chapter.filename);
    const options = { compress: false, mtime: stamp.madeAt, fileComment: line };
    if (chapter.kind === 'mp3') {
      const { size, open } = await taggedMp3(store, chapter, stamp);
      zip.addReadStreamLazy(name, { ...options, size }, (callback) => callback(null, open()));
    } else {
      zip.addReadStreamLazy(name, { ...options, size: chapter.bytes }, (callback) =>
        callback(null, chapter.bytes > 0 ? store.read(chapter.id, 0, chapter.bytes - 1) : new PassThrough().end()),
      );
    }
  }
  zip.end({
    forceZip64Format: false,
    comment: asciiOnly(`${line} ${FINGERPRINT_MARK}${stamp.fingerprint}`).slice(0, 60_000),
  });
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  return output;
}
