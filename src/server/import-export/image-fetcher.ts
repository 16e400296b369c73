import { randomBytes } from 'node:crypto';
import { UPLOADED_OBJECT_PREFIX } from '../../domain/images.js';
import type { AppDatabase } from '../db/connection.js';
import { inImageQueue, storeImage } from '../content/images/image-store.js';
import { detectImageType, storedExtension } from '../content/uploads/image-type.js';
import type { UploadStore } from '../content/uploads/upload-store.js';
import { NotFetched, safeFetch, type OutboundRules } from '../site/http/safe-fetch.js';

/** Per image: the whole fetch (redirects and body) ends within this, with at most this many bytes. */
const FETCH_TIMEOUT_MS = 5_000;
export const MAX_FETCHED_IMAGE_BYTES = 5 * 1024 * 1024;

/** Bytes of a file that came with the import (a zip's entry), by the address the text uses; null if none. */
export type LocalImages = (reference: string) => Promise<Buffer | null>;

export type FetchedImage = { path: string } | { warning: string };

/**
 * Brings an imported text's images into the upload pipeline (stripped, resized, served from /objects/): from the
 * import's own files, or over HTTP(S) from public addresses only (safe-fetch: checked at each connection, on each
 * redirect), up to 5 MB and 5 s an image. A host that did not answer once is not asked again in the same import, so
 * a site whose old host is gone imports in seconds, each image left as a link. What the author is told of a failed
 * fetch is "not fetched", never why: the why could map which internal addresses and ports answer.
 */
export class ImageFetcher {
  private readonly done = new Map<string, Promise<FetchedImage>>();
  private readonly deadHosts = new Set<string>();
  stored = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly uploads: UploadStore,
    private readonly localImages: LocalImages = async () => null,
    private readonly outbound: OutboundRules = {},
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
    const notFetched = { warning: `image ${reference} not fetched; left as a link` };
    if (this.deadHosts.has(url.host)) return notFetched;
    let bytes: Buffer;
    try {
      ({ body: bytes } = await safeFetch(url, {
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: MAX_FETCHED_IMAGE_BYTES,
        accept: 'image/*',
        rules: this.outbound,
      }));
    } catch (error) {
      // An answer (a status, a size) may differ per image; no answer, or a refused address, is the host's.
      if (!(error instanceof NotFetched) || error.hostFailed) this.deadHosts.add(url.host);
      return notFetched;
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
