import { randomBytes } from 'node:crypto';
import { UPLOADED_OBJECT_PREFIX } from '../../domain/images.js';
import { inImageQueue, storeOriginal } from '../content/images/image-store.js';
import { detectImageType, storedExtension } from '../content/uploads/image-type.js';
import type { UploadStore } from '../content/uploads/upload-store.js';
import { NotFetched, safeFetch, type OutboundRules } from '../site/http/safe-fetch.js';
import type { MediaArchive } from './media-archive.js';

/** Per image: the whole fetch (redirects and body) ends within this, with at most this many bytes. */
const FETCH_TIMEOUT_MS = 5_000;
export const MAX_FETCHED_IMAGE_BYTES = 5 * 1024 * 1024;

/** Bytes of a file that came with the import (a zip's entry), by the address the text uses; null if none. */
export type LocalImages = (reference: string) => Promise<Buffer | null>;

export type FetchedImage = { path: string } | { warning: string };

/** Where an image of a post is to come from (the dry run's answer): this site, the media archive, its host, nowhere. */
export type ImageSource = 'site' | 'archive' | 'web' | 'missing';

/** Distinct images by where they came from (or, in a dry run, will come from). */
export type MediaCounts = { archive: number; fetched: number; missing: number };

/**
 * Brings an imported text's images into the upload pipeline (stripped, served from /objects/; their responsive
 * variants made afterwards by the image-variants job, which run-import wakes): from the
 * import's own files, or over HTTP(S) from public addresses only (safe-fetch: checked at each connection, on each
 * redirect), up to 5 MB and 5 s an image. A host that did not answer once is not asked again in the same import, so
 * a site whose old host is gone imports in seconds, each image left as a link. What the author is told of a failed
 * fetch is "not fetched", never why: the why could map which internal addresses and ports answer. A media archive
 * uploaded beside the export (media-archive.ts) is looked in first: its images need no host at all.
 */
export class ImageFetcher {
  private readonly done = new Map<string, Promise<FetchedImage>>();
  private readonly deadHosts = new Set<string>();
  /** The dry run's answer per host: whether it gave the first image asked of it. */
  private readonly hostAnswers = new Map<string, Promise<boolean>>();
  /** The dry run's reason for an image in the archive that will still be missing. */
  private readonly whyMissing = new Map<string, string>();
  /** The dry run's answer per address, each counted once. */
  private readonly located = new Map<string, Promise<ImageSource>>();
  /** Images from the archive by its file: a resized copy's address and its original's are stored once. */
  private readonly fromArchive = new Map<string, Promise<FetchedImage>>();
  stored = 0;
  readonly counts: MediaCounts = { archive: 0, fetched: 0, missing: 0 };

  constructor(
    private readonly uploads: UploadStore,
    private readonly localImages: LocalImages = async () => null,
    private readonly outbound: OutboundRules = {},
    private readonly archive: MediaArchive | null = null,
  ) {}

  get hasArchive(): boolean {
    return this.archive !== null;
  }

  fetch(reference: string): Promise<FetchedImage> {
    let pending = this.done.get(reference);
    if (!pending) {
      let from: ImageSource = 'missing';
      pending = this.bring(reference, (source) => (from = source))
        .catch((error: unknown) => ({
          warning: `image ${reference} could not be stored (${(error as Error).message}); left as a link`,
        }))
        .then((result) => {
          if (!('path' in result)) this.counts.missing += 1;
          else if (from === 'archive') this.counts.archive += 1;
          else if (from === 'web') this.counts.fetched += 1;
          return result;
        });
      this.done.set(reference, pending);
    }
    return pending;
  }

  /**
   * Where an image would come from, for the dry run, without storing anything: the archive is looked in; a web
   * address's host is asked once (for the first of its images): one that answers is counted on for the others.
   */
  locate(reference: string): Promise<ImageSource> {
    let pending = this.located.get(reference);
    if (!pending) {
      pending = this.whereFrom(reference).then((source) => {
        if (source === 'archive') this.counts.archive += 1;
        else if (source === 'web') this.counts.fetched += 1;
        else if (source === 'missing') this.counts.missing += 1;
        return source;
      });
      this.located.set(reference, pending);
    }
    return pending;
  }

  /** Why the dry run expects an image to be missing, when the archive said more than "not here". */
  missingReason(reference: string): string | undefined {
    return this.whyMissing.get(reference);
  }

  private async whereFrom(reference: string): Promise<ImageSource> {
    if (reference.startsWith(UPLOADED_OBJECT_PREFIX)) return 'site';
    const archived = await this.archive?.check(reference, (start) => detectImageType(start) !== null);
    if (archived === true) return 'archive';
    // In the archive but no image: missing (an image of the same name on the old host is not asked for).
    if (archived) {
      this.whyMissing.set(reference, archived.warning);
      return 'missing';
    }
    const url = webAddressOf(reference);
    if (!url) return 'missing';
    let answers = this.hostAnswers.get(url.host);
    if (!answers) {
      answers = safeFetch(url, {
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: MAX_FETCHED_IMAGE_BYTES,
        accept: 'image/*',
        rules: this.outbound,
      }).then(
        () => true,
        (error: unknown) => error instanceof NotFetched && !error.hostFailed,
      );
      this.hostAnswers.set(url.host, answers);
    }
    return (await answers) ? 'web' : 'missing';
  }

  private async bring(reference: string, from: (source: ImageSource) => void): Promise<FetchedImage> {
    if (reference.startsWith(UPLOADED_OBJECT_PREFIX)) return { path: reference };
    const local = await this.localImages(reference);
    if (local) return this.store(reference, local);
    const file = this.archive?.fileOf(reference);
    if (file) {
      from('archive');
      let stored = this.fromArchive.get(file);
      if (!stored) {
        stored = this.archive!.read(reference).then((archived) =>
          !archived || 'warning' in archived
            ? (archived ?? { warning: `image ${reference} not in the media archive; left as a link` })
            : this.store(reference, archived.bytes, ` (${file.split('/').pop()} in the media archive)`),
        );
        this.fromArchive.set(file, stored);
      }
      const result = await stored;
      return 'path' in result ? result : { warning: result.warning.replace(/^image \S+/, `image ${reference}`) };
    }
    const url = webAddressOf(reference);
    const notInArchive = this.archive ? ' not in the media archive and' : '';
    if (!url)
      return {
        warning: `image ${reference}${notInArchive || ' was'} not in the file and is no web address; left as a link`,
      };
    const notFetched = { warning: `image ${reference}${notInArchive} not fetched; left as a link` };
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
    from('web');
    return this.store(reference, bytes);
  }

  private async store(reference: string, bytes: Buffer, where = ''): Promise<FetchedImage> {
    const type = detectImageType(bytes);
    if (!type)
      return {
        warning: `image ${reference}${where} is not a PNG, JPEG, GIF, WebP, AVIF or HEIC image; left as a link`,
      };
    const name = `${randomBytes(16).toString('hex')}.${storedExtension(type)}`;
    await inImageQueue(() => storeOriginal(this.uploads, name, bytes, type.extension));
    this.stored += 1;
    return { path: `${UPLOADED_OBJECT_PREFIX}${name}` };
  }
}

/** An http(s) address, or null (a path of the old site, another scheme). */
function webAddressOf(reference: string): URL | null {
  try {
    const url = new URL(reference);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
