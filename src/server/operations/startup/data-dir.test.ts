import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../db/connection.js';
import { DATABASE_FILE_NAME, prepareDataDir } from './data-dir.js';
import { openSiteDatabase } from './open-site-database.js';
import { StartupError } from './startup-error.js';
import { cpuTimeOf } from '../../test-support/cpu-time.js';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-startup-'));
});
afterEach(async () => rm(root, { recursive: true, force: true }));

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

/** The StartupError a start would print, or a failure when it does not throw one. */
async function startupError(dataDir: string): Promise<string> {
  try {
    await openSiteDatabase(await prepareDataDir(dataDir));
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return (error as Error).message;
  }
  throw new Error(`${dataDir} started`);
}

/** A real database with rows, checkpointed into its main file. */
async function populatedDatabase(file: string): Promise<void> {
  const db = openDatabase(file);
  await sql`CREATE TABLE t (x TEXT)`.execute(db);
  for (let n = 0; n < 200; n++) await sql`INSERT INTO t VALUES (${'row '.repeat(50) + n})`.execute(db);
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  await db.destroy();
}

describe('prepareDataDir', () => {
  it('creates DATA_DIR (and missing parents) and uploads private to the service user; a new database is 0600', async () => {
    const dataDir = path.join(root, 'a', 'b', 'data');
    const prepared = await prepareDataDir(dataDir);
    expect(prepared).toEqual({
      databaseFile: path.join(dataDir, DATABASE_FILE_NAME),
      uploadsDir: path.join(dataDir, 'uploads'),
      databaseIsNew: true,
    });
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(root, 'a'))).toBe(0o700);
    expect(await modeOf(prepared.uploadsDir)).toBe(0o700);
    const db = await openSiteDatabase(prepared);
    await db.destroy();
    expect(await modeOf(prepared.databaseFile)).toBe(0o600);
  });

  it('reports an existing database as not new, so it is never seeded', async () => {
    await openSiteDatabase(await prepareDataDir(root)).then((db) => db.destroy());
    expect((await prepareDataDir(root)).databaseIsNew).toBe(false);
  });

  it('refuses a DATA_DIR under /proc at once instead of hanging', async () => {
    // A hang fails by the test's timeout; a retry loop would show as CPU time.
    const { result, cpuMs } = await cpuTimeOf(() => startupError('/proc/nope/data'));
    expect(result).toBe(
      'DATA_DIR /proc/nope/data: cannot create /proc/nope (no such folder can be made there). ' +
        'Set DATA_DIR to a folder the site’s user may write to, or fix its permissions.',
    );
    expect(cpuMs, 'CPU time to refuse, ms').toBeLessThan(1000);
  });

  it('refuses a DATA_DIR below a file', async () => {
    await writeFile(path.join(root, 'file'), 'x');
    expect(await startupError(path.join(root, 'file', 'data'))).toMatch(/is a file, not a folder/);
  });

  it('refuses an empty site.sqlite instead of treating it as new and seeding it', async () => {
    await writeFile(path.join(root, DATABASE_FILE_NAME), '');
    expect(await startupError(root)).toBe(
      `${path.join(root, DATABASE_FILE_NAME)}: the database file is empty (0 bytes), so the site’s data is missing. ` +
        'Restore it from a backup (npm run restore), or delete the empty file to start a new site.',
    );
    expect(await readFile(path.join(root, DATABASE_FILE_NAME), 'utf8')).toBe('');
  });

  it('refuses a file that is not an SQLite database, leaving it as it was', async () => {
    const garbage = Buffer.from('not a database '.repeat(500));
    await writeFile(path.join(root, DATABASE_FILE_NAME), garbage);
    expect(await startupError(root)).toMatch(/site\.sqlite: not an SQLite database .*\(npm run restore\)/);
    expect((await readFile(path.join(root, DATABASE_FILE_NAME))).equals(garbage)).toBe(true);
  });

  it('refuses a truncated database as damaged', async () => {
    const whole = path.join(root, 'whole.sqlite');
    await populatedDatabase(whole);
    const bytes = await readFile(whole);
    await mkdir(path.join(root, 'data'));
    await writeFile(path.join(root, 'data', DATABASE_FILE_NAME), bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await startupError(path.join(root, 'data'))).toMatch(/the database is damaged \(.*malformed.*\)\. Restore/);
  });
});
