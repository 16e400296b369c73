import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { create as createTar, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFileIn } from '../startup/data-files.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { BackupError } from './backup-error.js';
import { createBackup, type BackupResult } from './create-backup.js';
import { digestFile } from './file-digest.js';
import type { BackupManifest } from './manifest.js';
import { restoreBackup } from './restore-backup.js';
import { summariseTables } from './table-summaries.js';

/**
 * Issue 25, item 4 (signing): archives are signed with the site's own key, and a restore over an
 * existing site refuses one it did not sign (another site's, an altered one, an unsigned one)
 * unless told --foreign. Into an empty DATA_DIR (a move) it restores, and says the origin is unknown.
 */
let site: TestApp;
let other: TestApp;
let scratch: string;
let own: BackupResult;
let foreign: BackupResult;

const newDir = (label: string) => mkdtemp(path.join(scratch, `${label}-`));

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'archive-signature-'));
  [site, other] = await Promise.all([createTestApp(), createTestApp()]);
  own = await createBackup({ dataDir: site.dataDir, backupDir: await newDir('own') });
  foreign = await createBackup({ dataDir: other.dataDir, backupDir: await newDir('foreign') });
});
afterAll(async () => {
  await Promise.all([site?.close(), other?.close()]);
  await rm(scratch, { recursive: true, force: true });
});

/** The site's archive with its data (not its schema) altered and the manifest recomputed, signature left as it was. */
async function alteredArchive(options: { dropSignature?: boolean } = {}): Promise<string> {
  const dir = await newDir('alter');
  await extract({ file: own.file, cwd: dir });
  const database = path.join(dir, 'site.sqlite');
  const sqlite = new SQLite(database);
  sqlite.exec("UPDATE users SET password = 'scrypt$attacker'");
  const tables = summariseTables(sqlite);
  sqlite.close();
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  manifest.database = { ...(await digestFile(database)), tables };
  if (options.dropSignature) delete manifest.signature;
  await writeFile(manifestFile, JSON.stringify(manifest));
  const file = path.join(await newDir('altered'), 'altered.tar.gz');
  await createTar({ gzip: true, cwd: dir, file }, await readdir(dir));
  return file;
}

/** A DATA_DIR holding a copy of the site (restored from its own archive). */
async function copyOfSite(): Promise<string> {
  const dataDir = await newDir('site');
  const report = await restoreBackup({ archiveFile: own.file, dataDir, backupDir: await newDir('saved') });
  expect(report.origin).toBe('unknown');
  return dataDir;
}

describe('signed archives', () => {
  it('are signed, and restore over the site that made them', async () => {
    expect(own.manifest.signature).toMatch(/^[0-9a-f]{64}$/);
    const dataDir = await copyOfSite();
    const report = await restoreBackup({ archiveFile: own.file, dataDir, backupDir: await newDir('saved') });
    expect(report.origin).toBe('this-site');
  });

  it("refuse another site's, an altered and an unsigned archive over the site, all at once, changing nothing", async () => {
    const archives = [foreign.file, await alteredArchive(), await alteredArchive({ dropSignature: true })];
    await Promise.all(
      archives.map(async (archiveFile) => {
        const dataDir = await copyOfSite();
        const before = await digestFile(databaseFileIn(dataDir));
        const restoring = restoreBackup({ archiveFile, dataDir, backupDir: await newDir('saved') });
        await expect(restoring).rejects.toThrow(BackupError);
        await expect(restoring).rejects.toThrow(/not made by the site in DATA_DIR.*--foreign/);
        expect(await digestFile(databaseFileIn(dataDir))).toEqual(before);
      }),
    );
  });

  it('restore a foreign archive when told --foreign, and any archive into an empty DATA_DIR (origin unknown)', async () => {
    const dataDir = await copyOfSite();
    const report = await restoreBackup({
      archiveFile: foreign.file,
      dataDir,
      backupDir: await newDir('saved'),
      allowForeign: true,
    });
    expect(report.origin).toBe('another-site');
    const empty = await restoreBackup({
      archiveFile: await alteredArchive({ dropSignature: true }),
      dataDir: await newDir('empty'),
      backupDir: await newDir('saved'),
    });
    expect(empty.origin).toBe('unknown');
  });
});
