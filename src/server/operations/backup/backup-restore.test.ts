import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { create as createTar, extract } from 'tar';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { databaseFileIn, giftFilesDirIn, uploadsDirIn } from '../startup/data-files.js';
import { createGiftFileStore } from '../../newsletter/gift/gift-file-store.js';
import { expectSameBytes } from '../../test-support/bytes.js';
import { pngImage } from '../../test-support/images.js';
import { createTestApp, type TestApp, validArtPiece } from '../../test-support/test-app.js';
import { listArchives } from './archive-files.js';
import { BackupError } from './backup-error.js';
import { createBackup, type BackupResult } from './create-backup.js';
import { digestFile } from './file-digest.js';
import type { BackupManifest } from './manifest.js';
import { restoreBackup } from './restore-backup.js';
import { writePidFile } from './running-server.js';

let t: TestApp;
let scratch: string;
let backup: BackupResult;
const UPLOAD_NAME = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6.png';
const UPLOAD_BYTES = pngImage(3000);
const GIFT_ID = '0f8e2c1a-7b6d-4e5f-9a3b-2c1d0e9f8a7b';
const GIFT_BYTES = randomBytes(3 * 1024 * 1024 + 17);

const newDir = (label: string) => mkdtemp(path.join(scratch, `${label}-`));

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'backup-test-'));
  t = await createTestApp();
  const token = await (await import('../../test-support/sessions.js')).openAdminSession(t.services);
  await writeFile(path.join(uploadsDirIn(t.dataDir), UPLOAD_NAME), UPLOAD_BYTES);
  const admin = t.callerWithKey(token);
  await admin.art.create({ ...validArtPiece, imageUrl: `/objects/${UPLOAD_NAME}` });
  await t.publicCaller().contact.send({ name: 'Mara', email: 'mara@example.com', message: 'Hello' });
  // Written the way an admin's gift upload writes it (private file in DATA_DIR/gift-files).
  await createGiftFileStore(t.services.db, 'files', t.dataDir).write(GIFT_ID, Readable.from([GIFT_BYTES]));
  backup = await createBackup({ dataDir: t.dataDir, backupDir: await newDir('backups') });
});
afterAll(async () => {
  await t?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** Unpacks the archive, lets `change` alter the files, packs it again; returns the new archive. */
async function tamperedCopy(change: (dir: string) => Promise<void>): Promise<string> {
  const dir = await newDir('tamper');
  await extract({ file: backup.file, cwd: dir });
  await change(dir);
  const file = path.join(await newDir('tampered'), 'tampered.tar.gz');
  await createTar({ gzip: true, cwd: dir, file }, await readdir(dir));
  return file;
}

async function expectRefused(
  archiveFile: string,
  message: RegExp,
  options: { force?: boolean; dataDir?: string } = {},
) {
  const dataDir = options.dataDir ?? (await newDir('data'));
  const before = await readdir(dataDir, { recursive: true });
  const restoring = restoreBackup({ archiveFile, dataDir, backupDir: await newDir('saved'), force: options.force });
  await expect(restoring).rejects.toThrow(BackupError);
  await expect(restoring).rejects.toThrow(message);
  expect(await readdir(dataDir, { recursive: true })).toEqual(before);
}

describe('createBackup', () => {
  it('writes one timestamped .tar.gz with a manifest of rows per table and upload checksums', async () => {
    expect(backup.name).toMatch(/^site-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/);
    expect((await stat(backup.file)).size).toBe(backup.bytes);
    const { manifest } = backup;
    expect(manifest.database.tables.art_pieces?.rows).toBe(1);
    expect(manifest.database.tables.contact_submissions?.rows).toBe(1);
    expect(manifest.database.tables.users?.rows).toBe(1);
    const upload = manifest.uploads.find((entry) => entry.name === UPLOAD_NAME);
    expect(upload).toMatchObject({
      bytes: UPLOAD_BYTES.length,
      sha256: (await digestFile(path.join(uploadsDirIn(t.dataDir), UPLOAD_NAME))).sha256,
    });
    const dir = await newDir('unpacked');
    await extract({ file: backup.file, cwd: dir });
    expect(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect((await digestFile(path.join(dir, 'site.sqlite'))).sha256).toBe(manifest.database.sha256);
  });

  it('holds the gift files with their checksums, and not a gift file still being written', async () => {
    const partial = path.join(giftFilesDirIn(t.dataDir), '.half-uploaded.part');
    await writeFile(partial, 'half');
    try {
      const { manifest, file } = await createBackup({ dataDir: t.dataDir, backupDir: await newDir('gifts') });
      expect(manifest.giftFiles).toEqual([
        expect.objectContaining({
          name: GIFT_ID,
          bytes: GIFT_BYTES.length,
          sha256: (await digestFile(path.join(giftFilesDirIn(t.dataDir), GIFT_ID))).sha256,
        }),
      ]);
      const dir = await newDir('unpacked');
      await extract({ file, cwd: dir });
      expect(await readdir(path.join(dir, 'gift-files'))).toEqual([GIFT_ID]);
      expectSameBytes(await readFile(path.join(dir, 'gift-files', GIFT_ID)), GIFT_BYTES, 'gift file in the archive');
    } finally {
      await rm(partial);
    }
  });

  it('refuses a DATA_DIR without a database', async () => {
    await expect(createBackup({ dataDir: await newDir('empty'), backupDir: await newDir('out') })).rejects.toThrow(
      /No database to back up/,
    );
  });
});

describe('restoreBackup', () => {
  it('restores every row and upload byte for byte into an empty DATA_DIR', async () => {
    const dataDir = await newDir('restored');
    const report = await restoreBackup({ archiveFile: backup.file, dataDir, backupDir: await newDir('saved') });
    expect(report).toMatchObject({
      uploadsWritten: 1,
      uploadsKept: 0,
      previousDataSavedAs: null,
      serverWasRunning: false,
    });
    expect(report.tables.art_pieces).toBe(1);
    expectSameBytes(await readFile(path.join(uploadsDirIn(dataDir), UPLOAD_NAME)), UPLOAD_BYTES, 'restored upload');
    const restored = await createBackup({ dataDir, backupDir: await newDir('check') });
    expect(restored.manifest.database.tables).toEqual(backup.manifest.database.tables);
  });

  it('restores every gift file byte for byte, private to the site, readable by the gift store', async () => {
    const dataDir = await newDir('gift-restored');
    const report = await restoreBackup({ archiveFile: backup.file, dataDir, backupDir: await newDir('saved') });
    expect(report).toMatchObject({ giftFilesWritten: 1, giftFilesUnchanged: 0, giftFilesKept: 0 });
    const restored = path.join(giftFilesDirIn(dataDir), GIFT_ID);
    expectSameBytes(await readFile(restored), GIFT_BYTES, 'restored gift file');
    expect((await stat(restored)).mode & 0o777).toBe(0o600);
    expect((await stat(giftFilesDirIn(dataDir))).mode & 0o777).toBe(0o700);
    const chunks: Buffer[] = [];
    for await (const chunk of createGiftFileStore(t.services.db, 'files', dataDir).read(GIFT_ID, 0, 99)) {
      chunks.push(chunk as Buffer);
    }
    expectSameBytes(Buffer.concat(chunks), GIFT_BYTES.subarray(0, 100), 'gift file range');

    await writeFile(path.join(giftFilesDirIn(dataDir), 'added-later'), 'kept');
    const again = await restoreBackup({ archiveFile: backup.file, dataDir, backupDir: await newDir('saved') });
    expect(again).toMatchObject({ giftFilesWritten: 0, giftFilesUnchanged: 1, giftFilesKept: 1 });
  });

  it('restores an archive made before gift files were backed up', async () => {
    const file = await tamperedCopy(async (dir) => {
      await rm(path.join(dir, 'gift-files'), { recursive: true });
      const manifestFile = path.join(dir, 'manifest.json');
      const {
        giftFiles: _dropped,
        signature: _unsigned,
        ...older
      } = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
      await writeFile(manifestFile, JSON.stringify(older));
    });
    const dataDir = await newDir('older');
    const report = await restoreBackup({ archiveFile: file, dataDir, backupDir: await newDir('saved') });
    expect(report).toMatchObject({ uploadsWritten: 1, giftFilesWritten: 0, giftFilesKept: 0 });
    expectSameBytes(await readFile(path.join(uploadsDirIn(dataDir), UPLOAD_NAME)), UPLOAD_BYTES, 'restored upload');
  });

  it('saves the data it replaces as a pre-restore archive and keeps uploads the backup lacks', async () => {
    const dataDir = await newDir('replaced');
    await restoreBackup({ archiveFile: backup.file, dataDir, backupDir: await newDir('saved') });
    await writeFile(path.join(uploadsDirIn(dataDir), 'later.png'), pngImage(10));
    const savedDir = await newDir('saved');
    const report = await restoreBackup({ archiveFile: backup.file, dataDir, backupDir: savedDir });
    expect(report.previousDataSavedAs).toMatch(/pre-restore-.*\.tar\.gz$/);
    expect(await readdir(savedDir)).toEqual([path.basename(report.previousDataSavedAs!)]);
    expect(report).toMatchObject({ uploadsUnchanged: 1, uploadsWritten: 0, uploadsKept: 1 });
    expectSameBytes(await readFile(path.join(uploadsDirIn(dataDir), 'later.png')), pngImage(10), 'upload added later');
  });

  it('refuses a file that is not an archive, and a missing file', async () => {
    const garbage = path.join(await newDir('garbage'), 'garbage.tar.gz');
    await writeFile(garbage, 'certainly not gzip');
    await expectRefused(garbage, /Not a readable backup archive/);
    await expectRefused(path.join(scratch, 'nope.tar.gz'), /No archive at/);
  });

  it('refuses an upload whose bytes no longer match the manifest', async () => {
    const file = await tamperedCopy(async (dir) => {
      const upload = path.join(dir, 'uploads', UPLOAD_NAME);
      const bytes = await readFile(upload);
      const at = bytes.length - 20;
      bytes.writeUInt8(bytes.readUInt8(at) ^ 0xff, at);
      await writeFile(upload, bytes);
    });
    await expectRefused(file, /uploads\/a1b2.*does not match its checksum/);
  });

  it('refuses a gift file whose bytes no longer match the manifest, or that the manifest does not list', async () => {
    const flipped = await tamperedCopy(async (dir) => {
      const gift = path.join(dir, 'gift-files', GIFT_ID);
      const bytes = await readFile(gift);
      bytes.writeUInt8(bytes.readUInt8(1000) ^ 0x01, 1000);
      await writeFile(gift, bytes);
    });
    await expectRefused(flipped, new RegExp(`gift-files/${GIFT_ID} does not match its checksum`));
    await expectRefused(
      await tamperedCopy((dir) => rm(path.join(dir, 'gift-files', GIFT_ID))),
      new RegExp(`gift-files/${GIFT_ID} is listed in the manifest but missing`),
    );
    await expectRefused(
      await tamperedCopy((dir) => writeFile(path.join(dir, 'gift-files', 'smuggled.epub'), 'x')),
      /Gift files not in the manifest: smuggled\.epub/,
    );
  });

  it('refuses a manifest whose checksum was edited, and one whose row counts were edited', async () => {
    const edit = (change: (manifest: BackupManifest) => void) =>
      tamperedCopy(async (dir) => {
        const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
        change(manifest);
        await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
      });
    await expectRefused(await edit((m) => (m.database.sha256 = '0'.repeat(64))), /site\.sqlite does not match/);
    await expectRefused(
      await edit((m) => (m.database.tables.art_pieces!.rows = 2)),
      /rows .* differ from the manifest/,
    );
    await expectRefused(await edit((m) => (m.format = 9 as 1)), /not a backup manifest: format/);
  });

  it('refuses an archive with a file the manifest does not list, or a path outside its folders', async () => {
    await expectRefused(
      await tamperedCopy((dir) => writeFile(path.join(dir, 'uploads', 'extra.png'), 'x')),
      /Uploads not in the manifest: extra\.png/,
    );
    await expectRefused(
      await tamperedCopy((dir) => writeFile(path.join(dir, 'run.sh'), 'echo hi')),
      /unexpected entries: run\.sh/,
    );
    const traversal = await tamperedCopy(async (dir) => {
      await writeFile(path.join(dir, '..', 'escaped.txt'), 'outside');
    });
    const withTraversal = path.join(await newDir('traversal'), 'traversal.tar.gz');
    const unpacked = await newDir('traversal-src');
    await extract({ file: traversal, cwd: unpacked });
    await createTar({ gzip: true, cwd: unpacked, file: withTraversal, preservePaths: true }, [
      ...(await readdir(unpacked)),
      '../escaped.txt',
    ]);
    await expectRefused(withTraversal, /unexpected entries|Not a readable/);
    await expectRefused(await tamperedCopy((dir) => rm(path.join(dir, 'manifest.json'))), /has no manifest\.json/);
  });

  it('refuses a database that fails the integrity check', async () => {
    const file = await tamperedCopy(async (dir) => {
      const database = path.join(dir, 'site.sqlite');
      const bytes = await readFile(database);
      bytes.fill(0x5a, 4096 * 2, 4096 * 2 + 200);
      await writeFile(database, bytes);
      const manifestFile = path.join(dir, 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
      manifest.database = { ...manifest.database, ...(await digestFile(database)) };
      await writeFile(manifestFile, JSON.stringify(manifest));
    });
    await expectRefused(file, /integrity_check|cannot be read|differ from the manifest/);
  });

  describe('while a server runs on DATA_DIR', () => {
    let sleeper: ChildProcess;
    afterEach(() => {
      sleeper?.kill();
    });

    it('refuses without --force, naming the pid, and changes nothing', async () => {
      const dataDir = await newDir('live');
      await restoreBackup({ archiveFile: backup.file, dataDir, backupDir: await newDir('saved') });
      sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
      await writeFile(path.join(dataDir, 'server.pid'), JSON.stringify({ pid: sleeper.pid, port: 3000 }));
      const databaseBefore = await digestFile(databaseFileIn(dataDir));
      await expectRefused(backup.file, new RegExp(`running on .* \\(pid ${sleeper.pid}.*--force`), { dataDir });
      expect(await digestFile(databaseFileIn(dataDir))).toEqual(databaseBefore);

      const report = await restoreBackup({
        archiveFile: backup.file,
        dataDir,
        backupDir: await newDir('saved'),
        force: true,
      });
      expect(report.serverWasRunning).toBe(true);
    });

    it('ignores a pid file whose process has gone (a killed server)', async () => {
      const dataDir = await newDir('stale');
      const gone = spawn('true', { stdio: 'ignore' });
      await new Promise((resolve) => gone.once('exit', resolve));
      await writeFile(path.join(dataDir, 'server.pid'), JSON.stringify({ pid: gone.pid, port: 3000 }));
      const report = await restoreBackup({ archiveFile: backup.file, dataDir, backupDir: await newDir('saved') });
      expect(report.serverWasRunning).toBe(false);
      expect(await listArchives(dataDir)).toEqual([]);
    });

    it('writes and reads its own pid file', async () => {
      const dataDir = await newDir('own');
      await writePidFile(dataDir, 1234);
      expect(JSON.parse(await readFile(path.join(dataDir, 'server.pid'), 'utf8'))).toMatchObject({
        pid: process.pid,
        port: 1234,
      });
    });
  });
});
