import { copyFile, mkdir, readdir, rename, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import SQLite from 'better-sqlite3';
import { databaseFileIn, uploadsDirIn } from '../db/data-files.js';
import { PRE_RESTORE_PREFIX } from './archive-files.js';
import { archiveOrigin, readSigningKey, type ArchiveOrigin } from './archive-signature.js';
import { BackupError } from './backup-error.js';
import { ALL_PAGES, createBackup } from './create-backup.js';
import { digestFile } from './file-digest.js';
import type { BackupManifest } from './manifest.js';
import { openVerifiedArchive } from './open-archive.js';
import { findRunningServer } from './running-server.js';
import { summariseTables } from './table-summaries.js';

export type RestoreOptions = {
  archiveFile: string;
  dataDir: string;
  /** Where the copy of the current data is saved before it is replaced. */
  backupDir: string;
  /** Restore even though a server is running on dataDir. */
  force?: boolean;
  /** Restore into an existing site an archive it did not sign (another server's, or one made before signing). */
  allowForeign?: boolean;
};

export type RestoreReport = {
  backupCreatedAt: string;
  tables: Record<string, number>;
  uploadsWritten: number;
  uploadsUnchanged: number;
  /** Files in the uploads folder that the backup did not hold: kept, never deleted. */
  uploadsKept: number;
  /** The archive holding the data as it was before the restore, if there was any. */
  previousDataSavedAs: string | null;
  /** A server was running: it should be restarted so its in-memory caches are dropped. */
  serverWasRunning: boolean;
  /** Whether the archive is signed by the site it was restored into ('unknown': DATA_DIR had no site). */
  origin: ArchiveOrigin;
};

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null)) !== null;
}

/** Writes the verified database into DATA_DIR through SQLite's backup API (locks, WAL and all). */
async function restoreDatabase(source: string, target: string): Promise<void> {
  const sqlite = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await sqlite.backup(target, { progress: () => ALL_PAGES });
  } finally {
    sqlite.close();
  }
}

/** Copies each archived upload into place (temporary name, then rename), keeping its modification time. */
async function restoreUploads(
  manifest: BackupManifest,
  fromDir: string,
  toDir: string,
): Promise<{ written: number; unchanged: number }> {
  await mkdir(toDir, { recursive: true });
  let written = 0;
  let unchanged = 0;
  for (const upload of manifest.uploads) {
    const target = path.join(toDir, upload.name);
    const current = await digestFile(target).catch(() => null);
    if (current?.sha256 === upload.sha256) {
      unchanged += 1;
      continue;
    }
    const temporary = path.join(toDir, `.${upload.name}.restoring`);
    await copyFile(path.join(fromDir, upload.name), temporary);
    const modifiedAt = new Date(upload.modifiedAt);
    await utimes(temporary, modifiedAt, modifiedAt);
    await rename(temporary, target);
    written += 1;
  }
  return { written, unchanged };
}

function restoredTables(databaseFile: string): BackupManifest['database']['tables'] {
  const sqlite = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return summariseTables(sqlite);
  } finally {
    sqlite.close();
  }
}

/**
 * Verifies the archive completely, refuses while a server runs on DATA_DIR (unless forced),
 * saves the current data as a pre-restore archive, then restores the database and uploads.
 * Uploads the archive does not hold are kept.
 */
export async function restoreBackup({
  archiveFile,
  dataDir,
  backupDir,
  force = false,
  allowForeign = false,
}: RestoreOptions): Promise<RestoreReport> {
  const archive = await openVerifiedArchive(archiveFile);
  try {
    const running = await findRunningServer(dataDir);
    if (running && !force) {
      throw new BackupError(
        `The site is running on ${dataDir} (pid ${running.pid}, from its server.pid file). ` +
          'Stop it first, or pass --force to restore into the live database.',
      );
    }
    const databaseFile = databaseFileIn(dataDir);
    const origin = archiveOrigin(archive.manifest, (await exists(databaseFile)) ? readSigningKey(databaseFile) : null);
    if (origin === 'another-site' && !allowForeign) {
      throw new BackupError(
        'This archive was not made by the site in DATA_DIR (it is unsigned, signed by another site, or altered), ' +
          'so it is not restored over it. If you made it yourself on another server or before archives were ' +
          'signed, pass --foreign to restore it anyway.',
      );
    }
    let previousDataSavedAs: string | null = null;
    if (await exists(databaseFile)) {
      try {
        previousDataSavedAs = (await createBackup({ dataDir, backupDir, prefix: PRE_RESTORE_PREFIX })).file;
      } catch (error) {
        throw new BackupError(
          `Could not save the current data before replacing it (${(error as Error).message}). ` +
            'Move DATA_DIR aside and restore into an empty folder instead.',
        );
      }
    }
    await mkdir(dataDir, { recursive: true });
    await restoreDatabase(archive.databaseFile, databaseFile);
    const uploadsDir = uploadsDirIn(dataDir);
    const uploads = await restoreUploads(archive.manifest, archive.uploadsDir, uploadsDir);
    const listed = new Set(archive.manifest.uploads.map((upload) => upload.name));
    const uploadsKept = (await readdir(uploadsDir)).filter((name) => !listed.has(name) && !name.startsWith('.')).length;

    if (!running && !isDeepStrictEqual(restoredTables(databaseFile), archive.manifest.database.tables)) {
      throw new BackupError('After the restore the database differs from the manifest: please report this');
    }
    return {
      backupCreatedAt: archive.manifest.createdAt,
      tables: Object.fromEntries(Object.entries(archive.manifest.database.tables).map(([name, t]) => [name, t.rows])),
      uploadsWritten: uploads.written,
      uploadsUnchanged: uploads.unchanged,
      uploadsKept,
      previousDataSavedAs,
      serverWasRunning: running !== null,
      origin,
    };
  } finally {
    await archive.dispose();
  }
}
