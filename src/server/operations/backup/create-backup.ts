import { copyFile, link, mkdir, mkdtemp, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { databaseFileIn, giftFilesDirIn, salesFilesDirIn, uploadsDirIn } from '../startup/data-files.js';
import { archiveName } from './archive-files.js';
import { readSigningKey, signManifest } from './archive-signature.js';
import { UPLOAD_NAME_PATTERN } from '../../../domain/uploads.js';
import { BackupError } from './backup-error.js';
import { digestFile } from './file-digest.js';
import {
  DATABASE_ENTRY,
  GIFT_FILES_ENTRY,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  SALES_FILES_ENTRY,
  UPLOADS_ENTRY,
  type BackupManifest,
  type UploadEntry,
} from './manifest.js';
import { snapshotDatabase } from './database-snapshot.js';

export type BackupResult = { name: string; file: string; bytes: number; createdAt: Date; manifest: BackupManifest };

export type BackupOptions = {
  dataDir: string;
  backupDir: string;
  /** File name prefix; the default names the archives retention manages. */
  prefix?: string;
  now?: Date;
};

/**
 * Copies a folder of files (the uploads, the gift files, the sales files) into the staging folder and digests the
 * copies, so the archive holds exactly the bytes the manifest describes. A file deleted meanwhile
 * is left out, and so are names a stored file never has (`.…part` files still being written).
 */
async function stageFiles(sourceDir: string, stagedDir: string): Promise<UploadEntry[]> {
  await mkdir(stagedDir);
  const entries = await readdir(sourceDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const uploads: UploadEntry[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isFile() || !UPLOAD_NAME_PATTERN.test(entry.name)) continue;
    const source = path.join(sourceDir, entry.name);
    const staged = path.join(stagedDir, entry.name);
    try {
      const { mtime } = await stat(source);
      await copyFile(source, staged);
      uploads.push({ name: entry.name, modifiedAt: mtime.toISOString(), ...(await digestFile(staged)) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return uploads;
}

/** Moves the finished archive into place without ever replacing one (a hard link fails if the name exists). */
async function publish(partial: string, file: string): Promise<void> {
  try {
    await link(partial, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new BackupError(`An archive named ${path.basename(file)} already exists`);
    // A file system without hard links: the name carries the millisecond, so a rename is safe enough.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') await rename(partial, file);
    else throw error;
  }
}

/**
 * One archive of DATA_DIR: the database (online backup), the uploads, the gift files, the sales files
 * (edition files and personal copies) and a manifest with row
 * counts, row digests and sha256 of every file. Written under a temporary name and linked into
 * place, so a reader never sees half an archive and no archive is ever overwritten.
 */
export async function createBackup({
  dataDir,
  backupDir,
  prefix,
  now = new Date(),
}: BackupOptions): Promise<BackupResult> {
  const databaseFile = databaseFileIn(dataDir);
  if (!(await stat(databaseFile).catch(() => null))?.isFile()) {
    throw new BackupError(`No database to back up at ${databaseFile}`);
  }
  await mkdir(backupDir, { recursive: true });
  const name = archiveName(now, prefix);
  const file = path.join(backupDir, name);
  const partial = path.join(backupDir, `.${name}.partial`);
  const staging = await mkdtemp(path.join(backupDir, '.staging-'));
  try {
    const snapshot = path.join(staging, DATABASE_ENTRY);
    const tables = await snapshotDatabase(databaseFile, snapshot);
    const uploads = await stageFiles(uploadsDirIn(dataDir), path.join(staging, UPLOADS_ENTRY));
    const giftFiles = await stageFiles(giftFilesDirIn(dataDir), path.join(staging, GIFT_FILES_ENTRY));
    const salesFiles = await stageFiles(salesFilesDirIn(dataDir), path.join(staging, SALES_FILES_ENTRY));
    const unsigned: BackupManifest = {
      format: MANIFEST_FORMAT,
      createdAt: now.toISOString(),
      database: { ...(await digestFile(snapshot)), tables },
      uploads,
      giftFiles,
      salesFiles,
    };
    // Signed with the site's own key, so a restore into this site can tell its archives from others'.
    const key = readSigningKey(snapshot);
    const manifest = key ? { ...unsigned, signature: signManifest(unsigned, key) } : unsigned;
    await writeFile(path.join(staging, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
    // tar is loaded by the first backup (a minute after start at the earliest), not at start.
    const { create: createTar } = await import('tar');
    await createTar({ gzip: true, portable: true, cwd: staging, file: partial }, [
      MANIFEST_FILE,
      DATABASE_ENTRY,
      UPLOADS_ENTRY,
      GIFT_FILES_ENTRY,
      SALES_FILES_ENTRY,
    ]);
    await publish(partial, file);
    const { size } = await stat(file);
    return { name, file, bytes: size, createdAt: now, manifest };
  } finally {
    await unlink(partial).catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
  }
}
