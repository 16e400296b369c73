import { open } from 'node:fs/promises';

/**
 * Bytes per read. A chunk's string stays under V8's large-object size (128 KB) even as two-byte text, so the
 * chunks die in young collections rather than piling up in the large-object space until a full one.
 */
const TEXT_CHUNK_BYTES = 32 * 1024;

/**
 * A UTF-8 file's text, a chunk at a time, read into one buffer reused for every read. A read stream allocates a
 * new buffer per read, freed only when V8 next collects: a 100 MB file read that way leaves tens of megabytes of
 * freed, fragmented memory in the process's malloc arenas, which the RSS never gives back. A character cut
 * between two reads is decoded whole with the next one.
 */
export async function* readTextChunks(file: string, chunkBytes = TEXT_CHUNK_BYTES): AsyncGenerator<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafeSlow(chunkBytes);
    const decoder = new TextDecoder('utf-8');
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, chunkBytes, null);
      if (bytesRead === 0) break;
      const text = decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    await handle.close();
  }
}
