import { openDatabase, type AppDatabase } from '../db/connection.js';
import { probeDatabaseWrite, quickCheck } from '../db/database-health.js';
import { migrateToLatest } from '../db/migrate.js';
import { makeDatabaseFilePrivate, type DataDir } from './data-dir.js';
import { StartupError } from './startup-error.js';

const RESTORE = 'Restore it from a backup (npm run restore), or move it away to start a new site.';

/** A one-line StartupError for what SQLite said while opening, checking or migrating the file. */
function databaseStartupError(databaseFile: string, error: unknown): StartupError {
  if (error instanceof StartupError) return error;
  const code = (error as { code?: string } | null)?.code ?? '';
  const message = (error as Error | null)?.message ?? String(error);
  const problem =
    code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB'
      ? `the database is damaged (${message}). ${RESTORE}`
      : code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM'
        ? `the database cannot be written (${message}). Give the site’s user write access to it and to its folder.`
        : code === 'SQLITE_FULL'
          ? 'the disk is full. Free some space, then start the site again.'
          : `the database could not be opened (${message}).`;
  return new StartupError(`${databaseFile}: ${problem}`, { cause: error });
}

/**
 * Opens site.sqlite, checks it is intact, migrates it and proves it can be written, so that a
 * damaged or read-only database stops the start instead of failing every later write.
 */
export async function openSiteDatabase(dataDir: DataDir): Promise<AppDatabase> {
  let db: AppDatabase;
  try {
    db = openDatabase(dataDir.databaseFile);
  } catch (error) {
    throw databaseStartupError(dataDir.databaseFile, error);
  }
  try {
    if (dataDir.databaseIsNew) await makeDatabaseFilePrivate(dataDir.databaseFile);
    const integrity = await quickCheck(db);
    if (integrity !== 'ok') {
      throw new StartupError(`${dataDir.databaseFile}: the database is damaged (${integrity}). ${RESTORE}`);
    }
    await migrateToLatest(db);
    await probeDatabaseWrite(db);
    return db;
  } catch (error) {
    await db.destroy();
    throw databaseStartupError(dataDir.databaseFile, error);
  }
}
