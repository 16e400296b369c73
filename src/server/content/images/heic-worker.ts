import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import decodeHeic from 'heic-decode';
import type * as ImageLimits from './image-limits.js';

/** What heic-decoder.ts hands this worker, and what it answers. */
export type HeicRequest = { bytes: Uint8Array };
export type HeicAnswer =
  | { width: number; height: number; rgba: Uint8Array }
  | { refused: { statusCode: 400 | 413; message: string } }
  | { error: string };

// Run as a plain Node worker: compiled (.js) in production, from its TypeScript source under the tests.
const extension = path.extname(fileURLToPath(import.meta.url));
const { dimensionRefusal } = (await import(`./image-limits${extension}`)) as typeof ImageLimits;

const { bytes } = workerData as HeicRequest;
let answer: HeicAnswer;
try {
  // Reading the images' headers (their ispe boxes) decodes no pixel: a size past the limits is refused here.
  const images = await decodeHeic.all({ buffer: bytes });
  try {
    const primary = images[0]!;
    const refusal = dimensionRefusal(primary.width, primary.height);
    if (refusal) {
      answer = { refused: refusal };
    } else {
      // libheif applies the file's own rotation and mirroring (irot/imir) as it decodes: the pixels come upright.
      const { width, height, data } = await primary.decode();
      answer = { width, height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
    }
  } finally {
    images.dispose();
  }
} catch (error) {
  answer = { error: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(answer, 'rgba' in answer ? [answer.rgba.buffer as ArrayBuffer] : []);
