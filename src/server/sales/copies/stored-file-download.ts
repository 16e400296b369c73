import { open } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { SalesFileStore } from './sales-file-store.js';

export type ByteRange = { start: number; end: number };

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range); null when absent, 'invalid' when unsatisfiable. */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'invalid';
  return { start, end };
}

export type StoredFileToSend = { id: string; bytes: number; contentType: string; fileName: string };

/** An attachment name safe in a header: ASCII letters, digits, dot, dash, underscore. */
const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 200) || 'download';

const PIECE_BYTES = 64 * 1024;

/** Resolves once the socket has taken `data` (its buffer may then be reused); rejects when the reader went away. */
function written(response: ServerResponse, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const onClose = () => reject(new Error('the reader went away'));
    response.once('close', onClose);
    response.write(data, (error) => {
      response.off('close', onClose);
      if (error) reject(error);
      else resolve();
    });
  });
}

/**
 * Bytes start..end of a file on disk, through two 64 KB buffers used in turn: one is read while the other
 * is being written, and a buffer is filled again only once the socket has taken it. A 1 GB download then
 * allocates nothing per piece: the server's memory does not grow with the garbage a stream of fresh
 * buffers leaves until the next collection (the figures: docs/operations.md, "Selling direct: files").
 */
async function sendFileRange(response: ServerResponse, file: string, start: number, end: number): Promise<void> {
  const handle = await open(file, 'r');
  const buffers = [Buffer.allocUnsafeSlow(PIECE_BYTES), Buffer.allocUnsafeSlow(PIECE_BYTES)];
  let pending: Promise<void> = Promise.resolve();
  try {
    let position = start;
    for (let turn = 0; position <= end; turn += 1) {
      const buffer = buffers[turn % 2]!;
      const { bytesRead } = await handle.read(buffer, 0, Math.min(PIECE_BYTES, end - position + 1), position);
      if (bytesRead === 0) throw new Error('the file is shorter than its size');
      position += bytesRead;
      await pending;
      pending = written(response, buffer.subarray(0, bytesRead));
      // Awaited on the next turn, after the next read: a reader leaving meanwhile must not be an unhandled
      // rejection (which would end the process); the await still throws it.
      pending.catch(() => undefined);
    }
    await pending;
    response.end();
  } catch {
    response.destroy();
  } finally {
    await handle.close();
  }
}

/**
 * Sends a stored file (a personal copy) as a download, streamed from the store, whole (200) or by one
 * byte range (206: a resumed download, an audio player seeking); 416 for a range outside it. The caller
 * has checked the link, counted the download (a range starting past 0 is a resume), and chose the
 * route's compress: false (the bytes go as stored).
 */
export function sendStoredFile(
  reply: FastifyReply,
  store: SalesFileStore,
  file: StoredFileToSend,
  rangeHeader: string | undefined,
): FastifyReply {
  const range = parseByteRange(rangeHeader, file.bytes);
  if (range === 'invalid')
    return reply.status(416).header('content-range', `bytes */${file.bytes}`).send({ error: 'Range not satisfiable' });
  const start = range?.start ?? 0;
  const end = range?.end ?? file.bytes - 1;
  reply
    .status(range ? 206 : 200)
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${safeFileName(file.fileName)}"`)
    .header('content-length', String(Math.max(0, end - start + 1)))
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-robots-tag', 'noindex');
  if (range) reply.header('content-range', `bytes ${start}-${end}/${file.bytes}`);
  const onDisk = store.localPath(file.id);
  if (!onDisk || file.bytes === 0) return reply.send(file.bytes === 0 ? '' : store.read(file.id, start, end));
  // A file on disk goes out through reused buffers (sendFileRange), past Fastify's send.
  reply.hijack();
  reply.raw.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string>);
  void sendFileRange(reply.raw, onDisk, start, end);
  return reply;
}
