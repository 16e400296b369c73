import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImageRejectedError } from './image-rejected.js';
import type { ProcessedImage } from './process-image.js';
import type { EncodeAnswer, EncodeRequest } from './variant-encoder-process.js';

/** How long one image may take in the encoder process (a 1600 × 1200 photo takes about 1.5 s at the bulk pace). */
const ENCODE_TIMEOUT_MS = 120_000;
/**
 * The encoder process's V8 heap (it holds one image's file and its variants' files at a time; the pixels are
 * libvips' own memory, freed after each image: no cache, one thread).
 */
const ENCODER_NODE_FLAGS = ['--max-old-space-size=64', '--max-semi-space-size=2'];
/** The lowest CPU priority: the pages, in the server's process, come first on a small machine. */
const ENCODER_NICENESS = 19;

export type ImageProcessor = (bytes: Buffer, extension: string) => Promise<ProcessedImage>;

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Starts an encoder process (variant-encoder-process.ts). */
export function startEncoder(): ChildProcess {
  // Compiled (.js) in production; from its TypeScript source under the tests, through tsx.
  const extension = path.extname(fileURLToPath(import.meta.url));
  const child = fork(fileURLToPath(new URL(`./variant-encoder-process${extension}`, import.meta.url)), {
    execArgv: [...ENCODER_NODE_FLAGS, ...(extension === '.ts' ? ['--import', 'tsx'] : [])],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    if (child.pid !== undefined) setPriority(child.pid, ENCODER_NICENESS);
  } catch {
    // Not allowed here: it runs at the server's priority.
  }
  return child;
}

function encodeIn(child: ChildProcess, request: EncodeRequest): Promise<ProcessedImage> {
  return new Promise<ProcessedImage>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onExit);
    };
    const timer = setTimeout(() => {
      finish();
      child.kill('SIGKILL');
      reject(new Error(`the image took over ${ENCODE_TIMEOUT_MS / 1000} s to encode`));
    }, ENCODE_TIMEOUT_MS);
    const onExit = () => {
      finish();
      reject(new Error('the image encoder stopped'));
    };
    const onMessage = (answer: EncodeAnswer) => {
      if (answer.id !== request.id) return;
      finish();
      if ('image' in answer) {
        const { original, variants, ...image } = answer.image;
        resolve({
          ...image,
          original: toBuffer(original),
          variants: variants.map((variant) => ({ ...variant, data: toBuffer(variant.data) })),
        });
      } else if ('rejected' in answer)
        reject(new ImageRejectedError(answer.rejected.statusCode, answer.rejected.message));
      else reject(new Error(answer.error));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.once('error', onExit);
    child.send(request);
  });
}

/**
 * Runs `use` with an ImageProcessor that processes images at the bulk pace in a child process of its own, started
 * at the first image and stopped when `use` is done: the encoders' memory (libaom's, libvips') is the child's and
 * goes back to the system with it, so the server's RSS stays where it was; the server's event loop only carries
 * files; and the child runs at the lowest CPU priority. A child that stops or takes too long fails its image, and
 * the next image starts another. One image at a time.
 */
export async function withVariantEncoder<T>(
  use: (process: ImageProcessor) => Promise<T>,
  start: () => ChildProcess = startEncoder,
): Promise<T> {
  let child: ChildProcess | null = null;
  let nextId = 0;
  const processInChild: ImageProcessor = (bytes, extension) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) child = start();
    return encodeIn(child, { id: (nextId += 1), bytes, extension });
  };
  try {
    return await use(processInChild);
  } finally {
    const running = child as ChildProcess | null;
    if (running && running.connected) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.disconnect();
      await exited;
    }
  }
}
