import { lstat, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { UNREFERENCED_UPLOAD_MIN_AGE_MS, UPLOAD_NAME_PATTERN, type UnreferencedUpload } from '../../domain/uploads.js';
import type { AppDatabase } from '../db/connection.js';
import { findReferencedUploads } from './upload-references.js';

async function describeUpload(
  uploadsDir: string,
  name: string,
): Promise<Omit<UnreferencedUpload, 'removableFrom'> | null> {
  if (!UPLOAD_NAME_PATTERN.test(name)) return null;
  // lstat: a link or folder in the uploads folder is never treated as an upload.
  const info = await lstat(path.join(uploadsDir, name)).catch(() => null);
  return info?.isFile() ? { name, bytes: info.size, uploadedAt: info.mtime } : null;
}

const withGracePeriod = (upload: Omit<UnreferencedUpload, 'removableFrom'>): UnreferencedUpload => ({
  ...upload,
  removableFrom: new Date(upload.uploadedAt.getTime() + UNREFERENCED_UPLOAD_MIN_AGE_MS),
});

/** Uploads no content references, oldest first. */
export async function listUnreferencedUploads(db: AppDatabase, uploadsDir: string): Promise<UnreferencedUpload[]> {
  const referenced = await findReferencedUploads(db);
  const names = (await readdir(uploadsDir)).filter((name) => !referenced.has(name));
  const uploads: UnreferencedUpload[] = [];
  for (const name of names) {
    const upload = await describeUpload(uploadsDir, name);
    if (upload) uploads.push(withGracePeriod(upload));
  }
  return uploads.sort((a, b) => a.uploadedAt.getTime() - b.uploadedAt.getTime() || a.name.localeCompare(b.name));
}

export type RemovalRefusal = { name: string; reason: 'missing' | 'referenced' | 'too-recent'; removableFrom?: Date };

/**
 * Removes the named uploads if every one of them exists, is referenced by no content and was
 * uploaded at least 24 hours ago; otherwise removes nothing and says why.
 */
export async function removeUnreferencedUploads(
  db: AppDatabase,
  uploadsDir: string,
  names: readonly string[],
  now = new Date(),
): Promise<{ removed: string[] } | { refused: RemovalRefusal[] }> {
  const unique = [...new Set(names)];
  const referenced = await findReferencedUploads(db);
  const refused: RemovalRefusal[] = [];
  for (const name of unique) {
    const upload = await describeUpload(uploadsDir, name);
    if (!upload) refused.push({ name, reason: 'missing' });
    else if (referenced.has(name)) refused.push({ name, reason: 'referenced' });
    else {
      const { removableFrom } = withGracePeriod(upload);
      if (removableFrom > now) refused.push({ name, reason: 'too-recent', removableFrom });
    }
  }
  if (refused.length > 0) return { refused };
  for (const name of unique) await unlink(path.join(uploadsDir, name));
  return { removed: unique };
}
