import { randomBytes } from 'node:crypto';
import { UPLOADED_OBJECT_PREFIX } from '../../domain/images.js';
import { MAX_UPLOAD_BYTES } from '../../domain/limits.js';
import type { AppDatabase } from '../db/connection.js';
import { inImageQueue, storeImage } from '../content/images/image-store.js';
import { detectImageType, storedExtension } from '../content/uploads/image-type.js';
import type { UploadStore } from '../content/uploads/upload-store.js';

const FETCH_TIMEOUT_MS = 5_000;

/** Bytes of a file that came with the import (a zip's entry), by the address the text uses; null if none. */
export type LocalImages = (reference: string) => Promise<Buffer | null>;

export type FetchedImage = { path: string } | { warning: string };

/**
 * Brings an imported text's images into the upload pipeline (stripped, resized, served from /objects/): from the
 * import's own files, or over HTTP(S) when the host answers within a few seconds. A host that failed once is not
 * asked again in the same import, so a site whose old host is gone imports in seconds, each image left as a link.
 */
export class ImageFetcher {
  private readonly done = new Map<string, Promise<FetchedImage>>();
  private readonly deadHosts = new Map<string, string>();
  stored = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly uploads: UploadStore,
    private readonly localImages: LocalImages = async () => null,
  ) {}

  fetch(reference: string): Promise<FetchedImage> {
    let pending = this.done.get(reference);
    if (!pending) {
      pending = this.bring(reference).catch((error: unknown) => ({
        warning: `image ${reference} could not be stored (${(error as Error).message}); left as a link`,
      }));
      this.done.set(reference, pending);
    }
    return pending;
  }

  private async bring(reference: string): Promise<FetchedImage> {
    if (reference.startsWith(UPLOADED_OBJECT_PREFIX)) return { path: reference };
    const local = await this.localImages(reference);
    if (local) return this.store(reference, local);
    let url: URL;
    try {
      url = new URL(reference);
    } catch {
      return { warning: `image ${reference} was not in the file and is no web address; left as a link` };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { warning: `image ${reference} is not a web address; left as a link` };
    const dead = this.deadHosts.get(url.host);
    if (dead) return { warning: `image ${reference} could not be fetched (${dead}); left as a link` };
    let bytes: Buffer;
    try {
      bytes = await download(url);
    } catch (error) {
      const reason = describeFetchError(error);
      if (!(error instanceof HttpStatusError)) this.deadHosts.set(url.host, reason);
      return { warning: `image ${reference} could not be fetched (${reason}); left as a link` };
    }
    return this.store(reference, bytes);
  }

  /** Stores bytes the import itself provides (e.g. the site's default cover); its path, or null. */
  async storeOwn(reference: string, bytes: Buffer): Promise<string | null> {
    const stored = await this.store(reference, bytes);
    return 'path' in stored ? stored.path : null;
  }

  private async store(reference: string, bytes: Buffer): Promise<FetchedImage> {
    const type = detectImageType(bytes);
    if (!type)
      return { warning: `image ${reference} is not a PNG, JPEG, GIF, WebP, AVIF or HEIC image; left as a link` };
    const name = `${randomBytes(16).toString('hex')}.${storedExtension(type)}`;
    await inImageQueue(() => storeImage(this.db, this.uploads, name, bytes, type.extension));
    this.stored += 1;
    return { path: `${UPLOADED_OBJECT_PREFIX}${name}` };
  }
}

class HttpStatusError extends Error {}

async function download(url: URL): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok || !response.body) throw new HttpStatusError(`HTTP ${response.status}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) throw new HttpStatusError('larger than 5 MB');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function describeFetchError(error: unknown): string {
  if (error instanceof HttpStatusError) return error.message;
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${FETCH_TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ? `host unreachable: ${cause.code}` : 'host unreachable';
}
