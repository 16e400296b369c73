import {
  UNREFERENCED_UPLOAD_MIN_AGE_MS,
  UPLOAD_NAME_PATTERN,
  type UnreferencedUpload,
} from '../../../domain/uploads.js';
import type { AppDatabase } from '../../db/connection.js';
import { deleteImage, listImages, type ImageRecord } from '../images/images-repository.js';
import { findReferencedUploads } from './upload-references.js';
import type { UploadStore } from './upload-store.js';
import type { Page } from '../../../domain/admin-lists.schema.js';
import { toPageBy, type PageKey } from '../../db/keyset-page.js';

/** The uploads' resized variants: they belong to their original and go with it. */
type ImageIndex = { images: Map<string, ImageRecord>; variantNames: Set<string> };

async function indexImages(db: AppDatabase): Promise<ImageIndex> {
  const images = await listImages(db);
  const variantNames = new Set([...images.values()].flatMap((image) => image.variants.map((variant) => variant.name)));
  return { images, variantNames };
}

async function describeUpload(
  uploads: UploadStore,
  name: string,
  index: ImageIndex,
): Promise<Omit<UnreferencedUpload, 'removableFrom'> | null> {
  if (!UPLOAD_NAME_PATTERN.test(name) || index.variantNames.has(name)) return null;
  const info = await uploads.stat(name);
  if (!info) return null;
  const variantBytes = (index.images.get(name)?.variants ?? []).reduce((sum, variant) => sum + variant.bytes, 0);
  return { name, bytes: info.bytes + variantBytes, uploadedAt: info.storedAt };
}

const withGracePeriod = (upload: Omit<UnreferencedUpload, 'removableFrom'>): UnreferencedUpload => ({
  ...upload,
  removableFrom: new Date(upload.uploadedAt.getTime() + UNREFERENCED_UPLOAD_MIN_AGE_MS),
});

/** Uploads no content references, oldest first. */
async function listUnreferencedUploads(db: AppDatabase, store: UploadStore): Promise<UnreferencedUpload[]> {
  const referenced = await findReferencedUploads(db);
  const index = await indexImages(db);
  const names = (await store.list()).filter((name) => !referenced.has(name));
  const uploads: UnreferencedUpload[] = [];
  for (const name of names) {
    const upload = await describeUpload(store, name, index);
    if (upload) uploads.push(withGracePeriod(upload));
  }
  return uploads.sort((a, b) => a.uploadedAt.getTime() - b.uploadedAt.getTime() || a.name.localeCompare(b.name));
}

/**
 * One page of the unreferenced uploads, oldest first: `limit` of them after `after` (where the page before ended:
 * its last upload's time and name). The list is made from the store's names as before; only the answer is bounded.
 */
export async function listUnreferencedUploadPage(
  db: AppDatabase,
  store: UploadStore,
  page: { limit: number },
  after: PageKey | null,
): Promise<Page<UnreferencedUpload>> {
  const keyOf = (upload: UnreferencedUpload): PageKey => ({
    createdAt: upload.uploadedAt.toISOString(),
    id: upload.name,
  });
  const all = await listUnreferencedUploads(db, store);
  const rest = after
    ? all.filter((upload) => {
        const key = keyOf(upload);
        return key.createdAt > after.createdAt || (key.createdAt === after.createdAt && key.id > after.id);
      })
    : all;
  return toPageBy(rest.slice(0, page.limit + 1), page.limit, keyOf, (upload) => upload);
}

export type RemovalRefusal = { name: string; reason: 'missing' | 'referenced' | 'too-recent'; removableFrom?: Date };

/**
 * Removes the named uploads (with their variants) if every one of them exists, is referenced by no content and was
 * uploaded at least 24 hours ago; otherwise removes nothing and says why.
 */
export async function removeUnreferencedUploads(
  db: AppDatabase,
  store: UploadStore,
  names: readonly string[],
  now = new Date(),
): Promise<{ removed: string[] } | { refused: RemovalRefusal[] }> {
  const unique = [...new Set(names)];
  const referenced = await findReferencedUploads(db);
  const index = await indexImages(db);
  const refused: RemovalRefusal[] = [];
  for (const name of unique) {
    const upload = await describeUpload(store, name, index);
    if (!upload) refused.push({ name, reason: 'missing' });
    else if (referenced.has(name)) refused.push({ name, reason: 'referenced' });
    else {
      const { removableFrom } = withGracePeriod(upload);
      if (removableFrom > now) refused.push({ name, reason: 'too-recent', removableFrom });
    }
  }
  if (refused.length > 0) return { refused };
  for (const name of unique) {
    await store.remove(name);
    const image = index.images.get(name);
    if (!image) continue;
    for (const variant of image.variants) await store.remove(variant.name).catch(() => undefined);
    await deleteImage(db, name);
  }
  return { removed: unique };
}
