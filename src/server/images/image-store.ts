import { rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppDatabase } from '../db/connection.js';
import { insertImage } from '../repositories/images.js';
import { variantName, type StoredVariant } from './image-variants.js';
import { processImage } from './process-image.js';

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

/** A new upload's files never exist yet; reprocessing overwrites what an interrupted run left. */
const writePrivate = (file: string, data: Buffer, mode: 'new' | 'replace') =>
  writeFile(file, data, { flag: mode === 'new' ? 'wx' : 'w', mode: 0o600 });

/**
 * Processes an image and stores it as `name` in the uploads folder with its variants beside it
 * and its row in the images table. `replace` swaps an existing original for the stripped one
 * (through a temporary file, so readers never see half of it). Nothing is left behind on failure.
 */
export async function storeImage(
  db: AppDatabase,
  uploadsDir: string,
  name: string,
  bytes: Buffer,
  extension: string,
  mode: 'new' | 'replace' = 'new',
): Promise<{ width: number; height: number; variants: StoredVariant[] }> {
  const processed = await processImage(bytes, extension);
  const written: string[] = [];
  try {
    const variants: StoredVariant[] = [];
    for (const variant of processed.variants) {
      const fileName = variantName(name, variant.width, variant.format);
      const file = path.join(uploadsDir, fileName);
      await writePrivate(file, variant.data, mode);
      written.push(file);
      const { width, height, format } = variant;
      variants.push({ name: fileName, width, height, format, bytes: variant.data.length });
    }
    const originalFile = path.join(uploadsDir, name);
    if (mode === 'new') {
      await writePrivate(originalFile, processed.original, mode);
      written.push(originalFile);
    } else {
      const temporary = path.join(uploadsDir, `.${name}.stripping`);
      await writePrivate(temporary, processed.original, mode);
      await rename(temporary, originalFile).catch(async (error: unknown) => {
        await unlink(temporary).catch(() => undefined);
        throw error;
      });
    }
    const { width, height, placeholder } = processed;
    await insertImage(db, { name, width, height, placeholder, variants });
    return { width, height, variants };
  } catch (error) {
    await Promise.all(written.map((file) => unlink(file).catch(() => undefined)));
    throw error;
  }
}
