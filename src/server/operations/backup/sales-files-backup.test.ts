import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePersonalCopy, newFingerprint } from '../../sales/copies/personal-copy.js';
import { createSalesFileStore, readWhole, SALES_CHUNK_BYTES } from '../../sales/copies/sales-file-store.js';
import { salesFileStoreOf } from '../../sales/copies/sales-files.js';
import { expectSameBytes } from '../../test-support/bytes.js';
import { seedSaleEdition } from '../../test-support/sales.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { salesFilesDirIn } from '../startup/data-files.js';
import { createBackup, type BackupResult } from './create-backup.js';
import { runBackupCommand, runRestoreCommand } from './cli.js';
import { restoreBackup } from './restore-backup.js';

/**
 * The files sold direct (DATA_DIR/sales-files: edition files and personal copies) are in the backup
 * and come back byte for byte; a copy still being written (`.…part`) is left out.
 */

let t: TestApp;
let scratch: string;
let backup: BackupResult;
/** Every stored sales file of the site: id → bytes, read through the store. */
let originals: Map<string, Buffer>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const newDir = (label: string) => mkdtemp(path.join(scratch, `${label}-`));

async function readStored(dataDir: string, id: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of readWhole(createSalesFileStore(t.services.db, 'files', dataDir), id, bytes))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'sales-backup-test-'));
  t = await createTestApp();
  // An EPUB of several MiB (more than one piece on PostgreSQL) and its personal copy for an order.
  const { fileId } = await seedSaleEdition(t.services, {
    provider: 'stripe',
    productId: 'plink_backup',
    amount: 499,
    coverBytes: 2 * SALES_CHUNK_BYTES + 777,
  });
  await makePersonalCopy(t.services.db, salesFileStoreOf(t.services), {
    editionFileId: fileId,
    buyerName: 'Ada Reader',
    orderRef: 'BACKUP01',
    fingerprint: newFingerprint(),
    madeAt: new Date('2026-11-27T12:00:00Z'),
  });
  const rows = [
    ...(await t.services.db.selectFrom('editionFiles').select(['id', 'bytes']).execute()),
    ...(await t.services.db.selectFrom('personalCopies').select(['id', 'bytes']).execute()),
  ];
  expect(rows).toHaveLength(2);
  originals = new Map();
  for (const row of rows) originals.set(row.id, await readStored(t.dataDir, row.id, Number(row.bytes)));
  // A copy being written when the backup runs is not a stored file.
  await writeFile(path.join(salesFilesDirIn(t.dataDir), '.half-made.part'), 'half');
  backup = await createBackup({ dataDir: t.dataDir, backupDir: await newDir('backups') });
});
afterAll(async () => {
  await t?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('sales files in the backup', () => {
  it('lists every edition file and personal copy with its checksum, and holds exactly those bytes', async () => {
    expect(backup.manifest.salesFiles?.map((entry) => entry.name).sort()).toEqual([...originals.keys()].sort());
    for (const entry of backup.manifest.salesFiles ?? []) {
      const original = originals.get(entry.name)!;
      expect(entry).toMatchObject({ bytes: original.length, sha256: sha256(original) });
    }
    expect(backup.manifest.database.tables.edition_files?.rows).toBe(1);
    expect(backup.manifest.database.tables.personal_copies?.rows).toBe(1);
    const dir = await newDir('unpacked');
    await extract({ file: backup.file, cwd: dir });
    expect((await readdir(path.join(dir, 'sales-files'))).sort()).toEqual([...originals.keys()].sort());
    for (const [id, bytes] of originals)
      expectSameBytes(await readFile(path.join(dir, 'sales-files', id)), bytes, `archived ${id}`);
  });

  it('a restore brings them back byte for byte, private to the site, readable by the sales store; a second restore finds them identical', async () => {
    const dataDir = await newDir('restored');
    const report = await restoreBackup({ archiveFile: backup.file, dataDir, backupDir: await newDir('saved') });
    expect(report).toMatchObject({ salesFilesWritten: 2, salesFilesUnchanged: 0, salesFilesKept: 0 });
    expect(report.tables.edition_files).toBe(1);
    expect(report.tables.personal_copies).toBe(1);
    for (const [id, bytes] of originals) {
      const restored = await readStored(dataDir, id, bytes.length);
      expectSameBytes(restored, bytes, `restored ${id}`);
      expect(sha256(restored)).toBe(sha256(bytes));
      expect((await stat(path.join(salesFilesDirIn(dataDir), id))).mode & 0o777).toBe(0o600);
    }
    expect((await stat(salesFilesDirIn(dataDir))).mode & 0o777).toBe(0o700);
    const again = await restoreBackup({ archiveFile: backup.file, dataDir, backupDir: await newDir('saved') });
    expect(again).toMatchObject({ salesFilesWritten: 0, salesFilesUnchanged: 2, salesFilesKept: 0 });
  });

  it('refuses an archive whose sales file was altered, restoring nothing', async () => {
    const dir = await newDir('tamper');
    await extract({ file: backup.file, cwd: dir });
    const [victim] = [...originals.keys()];
    const altered = await readFile(path.join(dir, 'sales-files', victim!));
    altered[1000] = altered[1000]! ^ 0xff;
    await writeFile(path.join(dir, 'sales-files', victim!), altered);
    const { create } = await import('tar');
    const file = path.join(await newDir('tampered'), 'tampered.tar.gz');
    await create({ gzip: true, cwd: dir, file }, await readdir(dir));
    const dataDir = await newDir('refused');
    await expect(restoreBackup({ archiveFile: file, dataDir, backupDir: await newDir('saved') })).rejects.toThrow(
      /sales-files\/.* does not match its checksum/,
    );
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('npm run backup and npm run restore say how many sales files they wrote', async () => {
    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const outDir = await newDir('cli');
    expect(
      await runBackupCommand(['--out', outDir], { DATA_DIR: t.dataDir, ADMIN_PASSWORD: 'x'.repeat(12) }, out),
    ).toBe(0);
    expect(lines.join('\n')).toMatch(/Sales files \(edition files, personal copies\): 2 files/);
    const [archive] = await readdir(outDir);
    const dataDir = await newDir('cli-restored');
    lines.length = 0;
    expect(
      await runRestoreCommand(
        [path.join(outDir, archive!)],
        { DATA_DIR: dataDir, ADMIN_PASSWORD: 'x'.repeat(12) },
        out,
      ),
    ).toBe(0);
    expect(lines.join('\n')).toMatch(/Sales files: 2 written, 0 already identical, 0 not in the backup kept/);
  });
});
