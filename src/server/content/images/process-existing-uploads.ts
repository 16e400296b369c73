import { UPLOAD_NAME_PATTERN } from '../../../domain/uploads.js';
import type { AppDatabase } from '../../db/connection.js';
import { isImageRecorded, listImages } from './images-repository.js';
import { detectImageType } from '../uploads/image-type.js';
import type { UploadStore } from '../uploads/upload-store.js';
import { inImageQueue, storeImage } from './image-store.js';
import { withVariantEncoder, type ImageProcessor } from './variant-encoder.js';

type JobLog = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

/** Uploads stored before variants existed: raster originals with no images row that are no one's variant. */
async function unprocessedUploads(db: AppDatabase, uploads: UploadStore): Promise<string[]> {
  const images = await listImages(db);
  const variants = new Set([...images.values()].flatMap((image) => image.variants.map((variant) => variant.name)));
  const names = await uploads.list();
  return names.filter((name) => UPLOAD_NAME_PATTERN.test(name) && !images.has(name) && !variants.has(name)).sort();
}

/**
 * Gives every earlier upload what a new one gets: the original re-encoded without metadata
 * (in place, under the same name, so content keeps referring to it) and its variants, one
 * image at a time with a log line each. SVG and other non-raster files are left as they are;
 * an image that cannot be read is reported and skipped, and tried again at the next start.
 * The image rows are read once for the whole run (each image then checks its own row only); the
 * images are encoded at the bulk pace in a child process (variant-encoder.ts), which after an
 * import of 500 images keeps the server's memory and pages as they were.
 */
export async function processExistingUploads(
  db: AppDatabase,
  uploads: UploadStore,
  log: JobLog,
): Promise<{ processed: number; failed: number }> {
  const names = await unprocessedUploads(db, uploads);
  if (names.length === 0) return { processed: 0, failed: 0 };
  return withVariantEncoder((process) => processUploads(db, uploads, log, names, process));
}

async function processUploads(
  db: AppDatabase,
  uploads: UploadStore,
  log: JobLog,
  names: readonly string[],
  process: ImageProcessor,
): Promise<{ processed: number; failed: number }> {
  let processed = 0;
  let failed = 0;
  for (const name of names) {
    try {
      const bytes = await uploads.read(name);
      if (!bytes) continue;
      const type = detectImageType(bytes);
      if (!type) continue;
      const stored = await inImageQueue(async () => {
        // Removed or processed meanwhile (the queue may have waited behind an upload).
        if ((await isImageRecorded(db, name)) || !(await uploads.stat(name))) return null;
        return storeImage(db, uploads, name, bytes, type.extension, 'replace', process);
      });
      if (!stored) continue;
      processed += 1;
      log.info(
        { image: name, width: stored.width, height: stored.height, variants: stored.variants.length },
        `image variants: ${name} (${stored.width}×${stored.height}) stripped of metadata, ${stored.variants.length} variants`,
      );
    } catch (error) {
      failed += 1;
      log.warn(
        { image: name, err: error },
        `image variants: ${name} skipped: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return { processed, failed };
}
