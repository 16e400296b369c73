import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Streams `source` into `folder/id` through a hidden part file, renamed once whole; returns how many bytes.
 * If `source` fails, nothing is left behind. The part file is opened before the first byte: a stream that
 * opens lazily could create it after a refused upload's clean-up had already run.
 */
export async function writePartFile(folder: string, id: string, source: AsyncIterable<Buffer>): Promise<number> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temporary = path.join(folder, `.${id}.part`);
  let bytes = 0;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          bytes += chunk.length;
          yield chunk;
        }
      },
      handle.createWriteStream(),
    );
    await rename(temporary, path.join(folder, id));
    return bytes;
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
