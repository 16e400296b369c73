import { constants } from 'node:fs';
import { chmod, mkdir, open, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describeFsError, StartupError } from './startup-error.js';

export const DATABASE_FILE_NAME = 'site.sqlite';

/** Folders the site creates hold visitors' emails and the password hash: the service user's only. */
const PRIVATE_FOLDER_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export type DataDir = {
  databaseFile: string;
  uploadsDir: string;
  /** True when site.sqlite did not exist before this start: only then is demo content seeded. */
  databaseIsNew: boolean;
};

const FIX_DATA_DIR = 'Set DATA_DIR to a folder the site’s user may write to, or fix its permissions.';

/**
 * Makes sure DATA_DIR and its uploads folder exist and can be written, and that an existing
 * site.sqlite is a non-empty SQLite file the site may write. Throws a StartupError naming the
 * path, the problem and the fix.
 */
export async function prepareDataDir(dataDir: string): Promise<DataDir> {
  await ensurePrivateFolder(dataDir, 'DATA_DIR');
  await probeFolderWrite(dataDir, 'DATA_DIR');
  const uploadsDir = path.join(dataDir, 'uploads');
  await ensurePrivateFolder(uploadsDir, 'The uploads folder');
  await probeFolderWrite(uploadsDir, 'The uploads folder');

  const databaseFile = path.join(dataDir, DATABASE_FILE_NAME);
  const existing = await stat(databaseFile).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw new StartupError(`${databaseFile}: cannot be read (${describeFsError(error)}). ${FIX_DATA_DIR}`);
  });
  if (existing) await checkExistingDatabaseFile(databaseFile, existing.size);
  return { databaseFile, uploadsDir, databaseIsNew: existing === null };
}

/** Restricts a database file the site just created to its own user. */
export async function makeDatabaseFilePrivate(databaseFile: string): Promise<void> {
  await chmod(databaseFile, PRIVATE_FILE_MODE);
}

/**
 * Creates the folder level by level (never `mkdir -p`: Node's recursive mkdir loops forever
 * under /proc), each new level private to the service user.
 */
async function ensurePrivateFolder(folder: string, label: string): Promise<void> {
  const missing: string[] = [];
  let current = path.resolve(folder);
  for (;;) {
    const found = await stat(current).catch(() => null);
    if (found) {
      if (!found.isDirectory()) {
        throw new StartupError(`${label} ${folder}: ${current} is a file, not a folder. ${FIX_DATA_DIR}`);
      }
      break;
    }
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const level of missing) {
    try {
      await mkdir(level, { mode: PRIVATE_FOLDER_MODE });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new StartupError(
        `${label} ${folder}: cannot create ${level} (${describeFsError(error)}). ${FIX_DATA_DIR}`,
        { cause: error },
      );
    }
  }
}

async function probeFolderWrite(folder: string, label: string): Promise<void> {
  const probe = path.join(folder, `.write-probe-${process.pid}`);
  try {
    await writeFile(probe, '');
    await unlink(probe);
  } catch (error) {
    throw new StartupError(`${label} ${folder}: cannot be written (${describeFsError(error)}). ${FIX_DATA_DIR}`, {
      cause: error,
    });
  }
}

async function checkExistingDatabaseFile(databaseFile: string, size: number): Promise<void> {
  if (size === 0) {
    throw new StartupError(
      `${databaseFile}: the database file is empty (0 bytes), so the site’s data is missing. ` +
        'Restore it from a backup (npm run restore), or delete the empty file to start a new site.',
    );
  }
  let header: Buffer;
  try {
    const file = await open(databaseFile, constants.O_RDWR);
    try {
      header = Buffer.alloc(SQLITE_HEADER.length);
      await file.read(header, 0, header.length, 0);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new StartupError(
      `${databaseFile}: the database cannot be opened for writing (${describeFsError(error)}). ` +
        'Give the site’s user write access to it (and to its folder), or restore it from a backup.',
      { cause: error },
    );
  }
  if (!header.equals(SQLITE_HEADER)) {
    throw new StartupError(
      `${databaseFile}: not an SQLite database (the file is damaged or is something else). ` +
        'Restore it from a backup (npm run restore), or move it away to start a new site.',
    );
  }
}
