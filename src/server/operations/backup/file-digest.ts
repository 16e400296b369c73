import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** The sha256 (hex) and size of a file, read as a stream. */
export async function digestFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
