import { chmod, copyFile, mkdir, readdir, rename, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import SQLite from 'better-sqlite3';
import { databaseFileIn, giftFilesDirIn, salesFilesDirIn, uploadsDirIn } from '../startup/data-files.js';
import { PRE_RESTORE_PREFIX } from './archive-files.js';
import { archiveOrigin, readSigningKey, type ArchiveOrigin } from './archive-signature.js';
import { BackupError } from './backup-error.js';
import { createBackup } from './create-backup.js';
import { ALL_PAGES } from './database-snapshot.js';
import { digestFile } from './file-digest.js';
import type { BackupManifest, UploadEntry } from './manifest.js';
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
  /** The same for the gift files (none in an archive made before they were backed up). */
  giftFilesWritten: number;
  giftFilesUnchanged: number;
  giftFilesKept: number;
  /** The same for the sales files: edition files and personal copies (none in an archive made before). */
  salesFilesWritten: number;
  salesFilesUnchanged: number;
  salesFilesKept: number;
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

/**
 * Copies each archived file (an upload, a gift file) into place (temporary name, then rename),
 * private to the site's user as the stores write them, keeping its modification time. Files in
 * the folder that the archive does not hold are kept and counted.
 */
async function restoreFiles(
  entries: UploadEntry[],
  fromDir: string,
  toDir: string,
): Promise<{ written: number; unchanged: number; kept: number }> {
  await mkdir(toDir, { recursive: true, mode: 0o700 });
  let written = 0;
  let unchanged = 0;
  for (const entry of entries) {
    const target = path.join(toDir, entry.name);
    const current = await digestFile(target).catch(() => null);
    if (current?.sha256 === entry.sha256) {
      unchanged += 1;
      continue;
    }
    const temporary = path.join(toDir, `.${entry.name}.restoring`);
    await copyFile(path.join(fromDir, entry.name), temporary);
    await chmod(temporary, 0o600);
    const modifiedAt = new Date(entry.modifiedAt);
    await utimes(temporary, modifiedAt, modifiedAt);
    await rename(temporary, target);
    written += 1;
  }
  const listed = new Set(entries.map((entry) => entry.name));
  const kept = (await readdir(toDir)).filter((name) => !listed.has(name) && !name.startsWith('.')).length;
  return { written, unchanged, kept };
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
 * saves the current data as a pre-restore archive, then restores the database, uploads, gift files
 * and sales files. Files the archive does not hold are kept.
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
    const uploads = await restoreFiles(archive.manifest.uploads, archive.uploadsDir, uploadsDirIn(dataDir));
    const giftFiles = await restoreFiles(
      archive.manifest.giftFiles ?? [],
      archive.giftFilesDir,
      giftFilesDirIn(dataDir),
    );
    const salesFiles = await restoreFiles(
      archive.manifest.salesFiles ?? [],
      archive.salesFilesDir,
      salesFilesDirIn(dataDir),
    );

    if (!running && !isDeepStrictEqual(restoredTables(databaseFile), archive.manifest.database.tables)) {
      throw new BackupError('After the restore the database differs from the manifest: please report this');
    }
    return {
      backupCreatedAt: archive.manifest.createdAt,
      tables: Object.fromEntries(Object.entries(archive.manifest.database.tables).map(([name, t]) => [name, t.rows])),
      uploadsWritten: uploads.written,
      uploadsUnchanged: uploads.unchanged,
      uploadsKept: uploads.kept,
      giftFilesWritten: giftFiles.written,
      giftFilesUnchanged: giftFiles.unchanged,
      giftFilesKept: giftFiles.kept,
      salesFilesWritten: salesFiles.written,
      salesFilesUnchanged: salesFiles.unchanged,
      salesFilesKept: salesFiles.kept,
      previousDataSavedAs,
      serverWasRunning: running !== null,
      origin,
    };
  } finally {
    await archive.dispose();
  }
}
