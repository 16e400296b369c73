import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/connection.js';
import { makePersonalCopy, newFingerprint } from '../../sales/copies/personal-copy.js';
import { readWhole, SALES_CHUNK_BYTES, type SalesFileStore } from '../../sales/copies/sales-file-store.js';
import { salesFileStoreOf } from '../../sales/copies/sales-files.js';
import { expectSameBytes } from '../../test-support/bytes.js';
import { seedSaleEdition } from '../../test-support/sales.js';
import { createScratchPostgresDatabase, type ScratchPostgresDatabase } from '../../test-support/test-database.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runDbCopyCommand } from './cli.js';

/**
 * `npm run db:copy` carries the files sold direct (DATA_DIR/sales-files on SQLite) into PostgreSQL's
 * sales_file_chunks: every edition file and personal copy reads back byte for byte through the
 * PostgreSQL sales store, whole and by a range across pieces.
 */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function salesFiles(db: AppDatabase, store: SalesFileStore): Promise<Map<string, Buffer>> {
  const rows = [
    ...(await db.selectFrom('editionFiles').select(['id', 'bytes']).execute()),
    ...(await db.selectFrom('personalCopies').select(['id', 'bytes']).execute()),
  ];
  const contents = new Map<string, Buffer>();
  for (const row of rows) {
    const chunks: Buffer[] = [];
    for await (const chunk of readWhole(store, row.id, Number(row.bytes))) chunks.push(chunk as Buffer);
    contents.set(row.id, Buffer.concat(chunks));
  }
  return contents;
}

describe('db:copy and the files sold direct', () => {
  let sqliteSite: TestApp;
  let target: ScratchPostgresDatabase;
  let bigFileId: string;
  beforeAll(async () => {
    sqliteSite = await createTestApp({ DATABASE_URL: undefined });
    // An EPUB of three pieces on PostgreSQL (the last one short) and a buyer's personal copy of it.
    ({ fileId: bigFileId } = await seedSaleEdition(sqliteSite.services, {
      provider: 'stripe',
      productId: 'plink_copy',
      amount: 499,
      coverBytes: 2 * SALES_CHUNK_BYTES + 777,
    }));
    await makePersonalCopy(sqliteSite.services.db, salesFileStoreOf(sqliteSite.services), {
      editionFileId: bigFileId,
      buyerName: 'Ada Reader',
      orderRef: 'DBCOPY01',
      fingerprint: newFingerprint(),
      madeAt: new Date('2026-11-27T12:00:00Z'),
    });
    target = await createScratchPostgresDatabase();
  });
  afterAll(async () => {
    await sqliteSite?.close();
    await target?.drop();
  });

  it('copies every edition file and personal copy into sales_file_chunks, byte for byte', async () => {
    const before = await salesFiles(sqliteSite.services.db, salesFileStoreOf(sqliteSite.services));
    expect(before.size).toBe(2);
    expect(salesFileStoreOf(sqliteSite.services).kind).toBe('files');
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await runDbCopyCommand(
      ['--to', target.url],
      { DATA_DIR: sqliteSite.dataDir },
      { log: (line) => lines.push(line), error: (line) => errors.push(line) },
    );
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    const report = lines.join('\n');
    expect(report).toMatch(/^sales files \(files → sales_file_chunks\)\s+2\s+2\s+ok$/m);
    const pieces = [...before.values()].reduce((sum, bytes) => sum + Math.ceil(bytes.length / SALES_CHUNK_BYTES), 0);
    expect(pieces).toBeGreaterThanOrEqual(6);
    expect(report).toMatch(new RegExp(`^sales_file_chunks\\s+${pieces}\\s+${pieces}\\s+ok$`, 'm'));
    expect(report).toMatch(/^edition_files\s+1\s+1\s+ok$/m);
    expect(report).toMatch(/^personal_copies\s+1\s+1\s+ok$/m);

    const copy = await createTestApp({ DATABASE_URL: target.url });
    try {
      const store = salesFileStoreOf(copy.services);
      expect(store.kind).toBe('database');
      const after = await salesFiles(copy.services.db, store);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [id, bytes] of before) {
        expectSameBytes(after.get(id)!, bytes, `copied ${id}`);
        expect(sha256(after.get(id)!)).toBe(sha256(bytes));
      }
      // No piece near PostgreSQL's limits: every row at most one SALES_CHUNK_BYTES.
      const largest = await copy.services.db
        .selectFrom('salesFileChunks')
        .select((eb) => eb.fn.max(eb.fn('octet_length', ['data'])).as('bytes'))
        .executeTakeFirstOrThrow();
      expect(Number(largest.bytes)).toBe(SALES_CHUNK_BYTES);
      // A range across a piece boundary, as a resumed download reads it.
      const from = SALES_CHUNK_BYTES - 100;
      const chunks: Buffer[] = [];
      for await (const chunk of store.read(bigFileId, from, from + 299)) chunks.push(chunk as Buffer);
      expectSameBytes(Buffer.concat(chunks), before.get(bigFileId)!.subarray(from, from + 300), 'range across pieces');
    } finally {
      await copy.close();
    }
  });
});
