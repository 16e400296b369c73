import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { create as createTar, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../../db/migrations/index.js';
import { openDatabase } from '../../db/connection.js';
import { databaseFileIn } from '../startup/data-files.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { BackupError } from './backup-error.js';
import { createBackup, type BackupResult } from './create-backup.js';
import { digestFile } from './file-digest.js';
import type { BackupManifest } from './manifest.js';
import { restoreBackup } from './restore-backup.js';
import { summariseTables } from './table-summaries.js';

/**
 * Issue 25, item 4: an archive whose database was altered and whose manifest was recomputed to
 * match is self-consistent, but its schema is not what the site's migrations make: refused.
 */
let t: TestApp;
let scratch: string;
let backup: BackupResult;

const newDir = (label: string) => mkdtemp(path.join(scratch, `${label}-`));

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'restore-schema-'));
  t = await createTestApp();
  await t.publicCaller().contact.send({ name: 'Mara', email: 'mara@example.com', message: 'Hello' });
  backup = await createBackup({ dataDir: t.dataDir, backupDir: await newDir('backups') });
});
afterAll(async () => {
  await t?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** The backup with `change` run on its database, and a manifest recomputed to match, as an attacker would. */
async function craftedArchive(change: string): Promise<string> {
  const dir = await newDir('craft');
  await extract({ file: backup.file, cwd: dir });
  const database = path.join(dir, 'site.sqlite');
  const sqlite = new SQLite(database);
  try {
    sqlite.exec(change);
    const tables = summariseTables(sqlite);
    sqlite.close();
    const manifestFile = path.join(dir, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
    manifest.database = { ...(await digestFile(database)), tables };
    await writeFile(manifestFile, JSON.stringify(manifest));
  } finally {
    if (sqlite.open) sqlite.close();
  }
  const file = path.join(await newDir('crafted'), 'crafted.tar.gz');
  await createTar({ gzip: true, cwd: dir, file }, await readdir(dir));
  return file;
}

const BACKDOOR_TRIGGER =
  "CREATE TRIGGER backdoor AFTER INSERT ON contact_submissions BEGIN UPDATE users SET password = 'scrypt$attacker'; END";

const CRAFTED: Array<[string, string]> = [
  ['a trigger on contact posts that sets the password', BACKDOOR_TRIGGER],
  ['a trigger on a page read', 'CREATE TRIGGER t2 AFTER UPDATE ON books BEGIN DELETE FROM users; END'],
  ['a view', 'CREATE VIEW leaked AS SELECT * FROM users'],
  ['an extra table', 'CREATE TABLE notes (id TEXT)'],
  ['an extra index', 'CREATE INDEX extra_index ON contact_submissions (email)'],
  ['an extra column', "ALTER TABLE users ADD COLUMN note TEXT DEFAULT 'x'"],
  ['a dropped index', 'DROP INDEX newsletter_subscriptions_email_unique'],
  [
    'a migration record this version lacks',
    "INSERT INTO kysely_migration (name, timestamp) VALUES ('2099-01-01-evil', '2099')",
  ],
  ['no migration record', 'DROP TABLE kysely_migration'],
];

describe('restoring a crafted, self-consistent archive', () => {
  it('refuses every altered schema, 9 crafted archives restored in parallel, and changes nothing', async () => {
    const archives = await Promise.all(CRAFTED.map(([, change]) => craftedArchive(change)));
    // Into a site that has data: the current database must stay as it was.
    const attempts = archives.map(async (archiveFile, index) => {
      const dataDir = await newDir('site');
      await restoreBackup({ archiveFile: backup.file, dataDir, backupDir: await newDir('saved') });
      const before = await digestFile(databaseFileIn(dataDir));
      const restoring = restoreBackup({ archiveFile, dataDir, backupDir: await newDir('saved') });
      await expect(restoring, CRAFTED[index]![0]).rejects.toThrow(BackupError);
      await expect(restoring).rejects.toThrow(/schema this site's migrations do not make|migration/);
      expect(await digestFile(databaseFileIn(dataDir))).toEqual(before);
    });
    await Promise.all(attempts);
  });

  it('names what differs', async () => {
    const dataDir = await newDir('empty');
    await expect(
      restoreBackup({ archiveFile: await craftedArchive(BACKDOOR_TRIGGER), dataDir, backupDir: await newDir('saved') }),
    ).rejects.toThrow(/unexpected or altered trigger backdoor/);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('still restores an archive of an older version of the site (fewer migrations applied)', async () => {
    const dataDir = await newDir('older');
    const names = Object.keys(migrations).slice(0, 20);
    const db = openDatabase(databaseFileIn(dataDir));
    await migrateToLatest(db, Object.fromEntries(names.map((name) => [name, migrations[name]!])));
    await db.destroy();
    const older = await createBackup({ dataDir, backupDir: await newDir('older-backups') });
    const report = await restoreBackup({
      archiveFile: older.file,
      dataDir: await newDir('into'),
      backupDir: await newDir('saved'),
    });
    expect(Object.keys(report.tables).length).toBeGreaterThan(5);
  });

  it('restores an archive of a site with the demo content, its search index and statistics', async () => {
    const demo = await createTestApp({ SEED_DEMO: '1', ADMIN_PASSWORD: 'Demo-Password-1' });
    try {
      await demo.app.inject({ method: 'GET', url: '/api/search?q=ash' });
      const sqlite = new SQLite(databaseFileIn(demo.dataDir));
      sqlite.exec('ANALYZE');
      sqlite.close();
      const archive = await createBackup({ dataDir: demo.dataDir, backupDir: await newDir('demo-backups') });
      const report = await restoreBackup({
        archiveFile: archive.file,
        dataDir: await newDir('demo-into'),
        backupDir: await newDir('saved'),
      });
      expect(report.tables.books).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  });
});
