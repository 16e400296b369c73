import path from 'node:path';
import { Readable } from 'node:stream';
import type { AppDatabase } from '../db/connection.js';
import { createGiftFileStore, type GiftFileStore } from '../newsletter/gift/gift-file-store.js';
import { newId } from '../db/row-conversion.js';
import { setSaleEditionFile } from './sale-editions-repository.js';

/**
 * Where sale files live: the gift's store (one delivery path), DATA_DIR/gift-files on one box,
 * 1 MB chunks in the database on PostgreSQL; streamed both ways, read by byte range.
 */
export const saleFileStore = (services: {
  db: AppDatabase;
  uploads: { kind: 'files' | 'database' };
  uploadsDir: string;
}) => createGiftFileStore(services.db, services.uploads.kind, path.dirname(services.uploadsDir));

/** Stores an edition's original file and points the edition at it (the previous one is removed). */
export async function storeSaleEditionFile(
  db: AppDatabase,
  store: GiftFileStore,
  editionId: string,
  file: { name: string; type: string; source: AsyncIterable<Buffer> | Buffer },
): Promise<string | null> {
  const id = newId();
  const bytes = await store.write(id, Buffer.isBuffer(file.source) ? Readable.from([file.source]) : file.source);
  const { updated, previousFileId } = await setSaleEditionFile(db, editionId, {
    id,
    name: file.name,
    type: file.type,
    bytes,
  });
  if (!updated) {
    await store.remove(id);
    return null;
  }
  if (previousFileId) await store.remove(previousFileId);
  return id;
}
