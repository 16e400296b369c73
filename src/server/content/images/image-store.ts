import type { AppDatabase } from '../../db/connection.js';
import { insertImage } from './images-repository.js';
import { variantName, type StoredVariant } from './image-variants.js';
import type { UploadStore } from '../uploads/upload-store.js';
import { processImage, processOriginal } from './process-image.js';
import type { ImageProcessor } from './variant-encoder.js';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs image work one job at a time in the process: decoding a photo takes tens of megabytes and
 * both cores, and an upload and the start-up job never process the same file at once.
 */
export function inImageQueue<T>(job: () => Promise<T>): Promise<T> {
  const result = queue.then(job, job);
  queue = result.catch(() => undefined);
  return result;
}

/**
 * Processes an image and stores it as `name` in the upload store with its variants beside it
 * and its row in the images table. A new upload's files never exist yet; `replace` swaps an
 * existing original for the stripped one whole, and overwrites variants an interrupted run
 * left. Nothing is left behind on failure. `process` makes the files (the image-variants job's runs in a child
 * process, variant-encoder.ts).
 */
export async function storeImage(
  db: AppDatabase,
  uploads: UploadStore,
  name: string,
  bytes: Buffer,
  extension: string,
  mode: 'new' | 'replace' = 'new',
  process: ImageProcessor = processImage,
): Promise<{ width: number; height: number; variants: StoredVariant[] }> {
  const processed = await process(bytes, extension);
  const written: string[] = [];
  try {
    const variants: StoredVariant[] = [];
    for (const variant of processed.variants) {
      const fileName = variantName(name, variant.width, variant.format);
      await uploads.write(fileName, variant.data, mode);
      written.push(fileName);
      const { width, height, format } = variant;
      variants.push({ name: fileName, width, height, format, bytes: variant.data.length });
    }
    await uploads.write(name, processed.original, mode);
    if (mode === 'new') written.push(name);
    const { width, height, placeholder } = processed;
    await insertImage(db, { name, width, height, placeholder, variants });
    return { width, height, variants };
  } catch (error) {
    await Promise.all(written.map((file) => uploads.remove(file).catch(() => undefined)));
    throw error;
  }
}

/**
 * Stores an image's original alone (processed as an upload's is: upright, stripped of metadata), with no images
 * row and no variants yet: pages show it as a plain image until the image-variants job (which looks for exactly
 * such uploads) has made its variants. An import of hundreds of images stores them this way, and wakes the job.
 */
export async function storeOriginal(
  uploads: UploadStore,
  name: string,
  bytes: Buffer,
  extension: string,
): Promise<void> {
  const { original } = await processOriginal(bytes, extension);
  await uploads.write(name, original, 'new');
}
