import { sql } from 'kysely';
import { openDatabase, openPostgresDatabase, type AppDatabase } from '../../db/connection.js';
import { probeDatabaseWrite, quickCheck } from '../../db/database-health.js';
import { migrateToLatest } from '../../db/migrate.js';
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

/** The URL without its password, for messages and logs. */
export function redactDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** A one-line StartupError for what PostgreSQL (or the network) said while connecting or migrating. */
function postgresStartupError(databaseUrl: string, error: unknown): StartupError {
  if (error instanceof StartupError) return error;
  const code = (error as { code?: string } | null)?.code ?? '';
  const message = (error as Error | null)?.message ?? String(error);
  const where = `DATABASE_URL ${redactDatabaseUrl(databaseUrl)}`;
  const problem =
    code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN'
      ? `PostgreSQL cannot be reached (${message}). Check the host and port, and that the server is running.`
      : code === '28P01' || code === '28000'
        ? `PostgreSQL refused the login (${message}). Check the user and password.`
        : code === '3D000'
          ? `the database does not exist (${message}). Create it first (createdb), see docs/scaling.md.`
          : `the database could not be opened or migrated (${message}).`;
  return new StartupError(`${where}: ${problem}`, { cause: error });
}

/** True when the database already holds the site's migrations (so it is not a new site). */
async function hasMigrations(db: AppDatabase): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`SELECT to_regclass('kysely_migration')::text AS found`.execute(
    db,
  );
  return rows[0]?.found != null;
}

/**
 * Connects to PostgreSQL, migrates it and proves it can be written. `created` is true when the
 * database held no site before (demo content may then be seeded, as for a new SQLite file).
 * Several instances may start at once: Kysely's migrator holds an advisory lock while it migrates.
 */
export async function openPostgresSiteDatabase(databaseUrl: string): Promise<{ db: AppDatabase; created: boolean }> {
  const db = openPostgresDatabase(databaseUrl);
  try {
    const created = !(await hasMigrations(db));
    await migrateToLatest(db);
    await probeDatabaseWrite(db);
    return { db, created };
  } catch (error) {
    await db.destroy();
    throw postgresStartupError(databaseUrl, error);
  }
}
