import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HeicAnswer, HeicRequest } from './heic-worker.js';
import { ImageRejectedError } from './image-rejected.js';

/**
 * How long one HEIC may take to decode: a 12-megapixel iPhone photo takes about 2 s here (libheif compiled to
 * WebAssembly), a 40-megapixel one (the pixel limit) about 7 s. A file that takes longer is refused.
 */
const HEIC_DECODE_TIMEOUT_MS = 30_000;

export type DecodedHeic = { width: number; height: number; rgba: Buffer };

/**
 * Decodes a HEIC/HEIF photo to upright RGBA pixels in a worker thread of its own (sharp's libvips has no HEVC
 * decoder): the WebAssembly decoder runs for seconds without yielding, and in a worker the server keeps answering
 * meanwhile, and a file that runs past HEIC_DECODE_TIMEOUT_MS is stopped. Its size is checked from its header
 * against the same limits as every image (image-limits.ts) before any pixel is decoded.
 */
export function decodeHeic(bytes: Buffer): Promise<DecodedHeic> {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const worker = new Worker(new URL(`./heic-worker${extension}`, import.meta.url), {
    workerData: { bytes } satisfies HeicRequest,
  });
  return new Promise<DecodedHeic>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ImageRejectedError(400, 'The HEIC photo took too long to decode: export it as JPEG'));
      void worker.terminate();
    }, HEIC_DECODE_TIMEOUT_MS);
    worker.once('message', (answer: HeicAnswer) => {
      clearTimeout(timer);
      if ('rgba' in answer) {
        const rgba = Buffer.from(answer.rgba.buffer, answer.rgba.byteOffset, answer.rgba.byteLength);
        resolve({ width: answer.width, height: answer.height, rgba });
      } else if ('refused' in answer) reject(new ImageRejectedError(answer.refused.statusCode, answer.refused.message));
      else reject(new Error(answer.error));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('The HEIC decoder stopped'));
    });
  });
}
