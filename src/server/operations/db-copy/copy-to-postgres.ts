import { lstat, open, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { migrations } from '../../../../db/migrations/index.js';
import { UPLOAD_NAME_PATTERN } from '../../../domain/uploads.js';
import { openDatabase, openPostgresDatabase } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import { GIFT_CHUNK_BYTES } from '../../newsletter/gift/gift-file-store.js';
import { ensureSearchIndex } from '../../content/search/search-index.js';

/** A refusal the operator can act on (a non-empty target, an unknown migration…): one line, exit 1. */
export class CopyRefusedError extends Error {}

type TableCount = { table: string; source: number; target: number };
type FileCount = { source: number; target: number };
export type CopyReport = { tables: TableCount[]; uploads: FileCount; giftFiles: FileCount };

/** Kysely's own bookkeeping: the target gets its rows from migrating, not from the copy. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
const UPLOADS_TABLE = 'stored_uploads';
/** Where the PostgreSQL gift store (DatabaseGiftStore) keeps gift files: GIFT_CHUNK_BYTES pieces, seq from 0. */
const GIFT_CHUNKS_TABLE = 'gift_file_chunks';
/** Site search's tables (search_documents, SQLite's search_index*): rebuilt on the target, never copied. */
const SEARCH_TABLE_PREFIX = 'search_';
const ROWS_PER_INSERT = 200;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables in an order where each comes after the tables its foreign keys point to. */
function parentsFirst(sqlite: SQLite.Database, tables: string[]): string[] {
  const parents = new Map(
    tables.map((table) => [
      table,
      (sqlite.prepare(`PRAGMA foreign_key_list(${quote(table)})`).all() as { table: string }[])
        .map((key) => key.table)
        .filter((parent) => parent !== table),
    ]),
  );
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function assertEmptyTarget(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
     WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1 LIMIT 5`,
  );
  if (rows.length > 0) {
    throw new CopyRefusedError(
      `The target database is not empty (it has ${rows.map((row) => row.name).join(', ')}${rows.length === 5 ? ', …' : ''}). ` +
        'Copy into a new, empty database (createdb), so nothing there is mixed with or overwritten by the copy.',
    );
  }
}

type StoredFile = { name: string; file: string; mtime: Date; bytes: number };

/** The stored files of a folder (uploads, gift files): names a store writes, not `.…part` files being written. */
async function storedFilesIn(dir: string): Promise<StoredFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = [];
  for (const name of names.sort()) {
    if (!UPLOAD_NAME_PATTERN.test(name)) continue;
    const file = path.join(dir, name);
    const info = await lstat(file);
    if (info.isFile()) files.push({ name, file, mtime: info.mtime, bytes: info.size });
  }
  return files;
}

const piecesOf = (bytes: number) => Math.ceil(bytes / GIFT_CHUNK_BYTES);

/** Stores a gift file as DatabaseGiftStore writes one: full GIFT_CHUNK_BYTES pieces, the last one shorter, one in memory at a time. */
async function insertGiftFile(client: pg.Client, gift: StoredFile): Promise<number> {
  const handle = await open(gift.file, 'r');
  try {
    const buffer = Buffer.alloc(GIFT_CHUNK_BYTES);
    let seq = 0;
    for (;;) {
      let filled = 0;
      while (filled < GIFT_CHUNK_BYTES) {
        const { bytesRead } = await handle.read(
          buffer,
          filled,
          GIFT_CHUNK_BYTES - filled,
          seq * GIFT_CHUNK_BYTES + filled,
        );
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled === 0) break;
      await client.query(`INSERT INTO ${GIFT_CHUNKS_TABLE} (file_id, seq, data) VALUES ($1, $2, $3)`, [
        gift.name,
        seq,
        buffer.subarray(0, filled),
      ]);
      seq += 1;
      if (filled < GIFT_CHUNK_BYTES) break;
    }
    return seq;
  } finally {
    await handle.close();
  }
}

async function insertRows(client: pg.Client, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const batch = rows.slice(start, start + ROWS_PER_INSERT);
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const placeholders = columns.map((column) => {
        values.push(row[column]);
        return `$${values.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await client.query(
      `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')}`,
      values,
    );
  }
}

/**
 * Copies a SQLite site (DATA_DIR/site.sqlite, DATA_DIR/uploads and DATA_DIR/gift-files) into an
 * empty PostgreSQL database: migrates both to the same latest schema, copies every table in one
 * transaction (all or nothing), stores each upload as a row of stored_uploads and each gift file
 * as pieces in gift_file_chunks, then counts rows (and gift file bytes) on both sides.
 */
export async function copySqliteSiteToPostgres(
  options: { databaseFile: string; uploadsDir: string; giftFilesDir: string; targetUrl: string },
  log: (line: string) => void,
): Promise<CopyReport> {
  const source = await lstat(options.databaseFile).catch(() => null);
  if (!source?.isFile()) {
    throw new CopyRefusedError(
      `${options.databaseFile}: no SQLite site there. Set DATA_DIR to the site's data folder.`,
    );
  }
  const sourceDb = openDatabase(options.databaseFile);
  try {
    const applied = await sourceDb
      .withoutPlugins()
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute()
      .catch(() => [] as { name: string }[]);
    const unknown = (applied as { name: string }[]).map((row) => row.name).filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new CopyRefusedError(
        `${options.databaseFile} has migrations this code does not know (${unknown.join(', ')}): update the code first.`,
      );
    }
    // The same schema on both sides: bring the SQLite file up to date first, as a start would.
    await migrateToLatest(sourceDb);
  } finally {
    await sourceDb.destroy();
  }

  const client = new pg.Client({ connectionString: options.targetUrl });
  await client.connect();
  const sqlite = new SQLite(options.databaseFile, { readonly: true, fileMustExist: true });
  try {
    await assertEmptyTarget(client);
    const targetDb = openPostgresDatabase(options.targetUrl, { poolSize: 1 });
    try {
      await migrateToLatest(targetDb);
    } finally {
      await targetDb.destroy();
    }

    let tables = parentsFirst(
      sqlite,
      (
        sqlite
          .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
          .all() as { name: string }[]
      )
        .map((row) => row.name)
        .filter((name) => !MIGRATOR_TABLES.has(name)),
    );
    // Site search's tables are not copied (SQLite's FTS5 index has no PostgreSQL twin, and
    // PostgreSQL's documents carry a tsvector): they are rebuilt from the copied content below.
    const { rows: targetTables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`,
    );
    const onTarget = new Set(
      targetTables.map((row) => row.name).filter((name) => !name.startsWith(SEARCH_TABLE_PREFIX)),
    );
    const skipped = tables.filter((table) => !onTarget.has(table));
    if (skipped.length > 0) log(`not copied (site search, rebuilt from the content): ${skipped.join(', ')}`);
    tables = tables.filter((table) => onTarget.has(table));
    const uploads = await storedFilesIn(options.uploadsDir);
    const giftFiles = await storedFilesIn(options.giftFilesDir);
    let giftPieces = 0;
    const sourceCounts = new Map<string, number>();

    await client.query('BEGIN');
    try {
      // One snapshot of the SQLite file, even if the site is still writing to it.
      sqlite.exec('BEGIN');
      for (const table of tables) {
        const rows = sqlite.prepare(`SELECT * FROM ${quote(table)}`).all() as Record<string, unknown>[];
        sourceCounts.set(table, rows.length);
        await insertRows(client, table, rows);
        log(`${table}: ${rows.length} rows`);
      }
      sqlite.exec('COMMIT');
      for (const upload of uploads) {
        const data = await readFile(upload.file);
        await client.query(`INSERT INTO ${UPLOADS_TABLE} (name, data, bytes, stored_at) VALUES ($1, $2, $3, $4)`, [
          upload.name,
          data,
          data.length,
          upload.mtime.toISOString(),
        ]);
      }
      log(`uploads: ${uploads.length} files`);
      for (const gift of giftFiles) giftPieces += await insertGiftFile(client, gift);
      log(`gift files: ${giftFiles.length} files in ${giftPieces} pieces`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }

    const searchDb = openPostgresDatabase(options.targetUrl, { poolSize: 1 });
    try {
      log(`search_documents: ${(await ensureSearchIndex(searchDb)).documents} rebuilt from the content`);
    } finally {
      await searchDb.destroy();
    }

    const counted: TableCount[] = [];
    for (const table of tables) {
      const { rows } = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${quote(table)}`);
      const fromFiles = table === UPLOADS_TABLE ? uploads.length : table === GIFT_CHUNKS_TABLE ? giftPieces : 0;
      const source = sourceCounts.get(table)! + fromFiles;
      counted.push({ table, source, target: Number(rows[0]!.count) });
    }
    const { rows: uploadRows } = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM ${UPLOADS_TABLE} WHERE name = ANY($1)`,
      [uploads.map((upload) => upload.name)],
    );
    // A gift file counts as copied when its pieces add up to its size, in as many pieces as the store reads.
    const { rows: giftRows } = await client.query<{ fileId: string; pieces: string; bytes: string }>(
      `SELECT file_id AS "fileId", count(*) AS pieces, sum(octet_length(data)) AS bytes
       FROM ${GIFT_CHUNKS_TABLE} WHERE file_id = ANY($1) GROUP BY file_id`,
      [giftFiles.map((gift) => gift.name)],
    );
    const copiedGifts = new Map(giftRows.map((row) => [row.fileId, row]));
    const giftsCopied = giftFiles.filter((gift) => {
      const row = copiedGifts.get(gift.name);
      return row !== undefined && Number(row.bytes) === gift.bytes && Number(row.pieces) === piecesOf(gift.bytes);
    }).length;
    return {
      tables: counted,
      uploads: { source: uploads.length, target: Number(uploadRows[0]!.count) },
      giftFiles: { source: giftFiles.length, target: giftsCopied },
    };
  } finally {
    sqlite.close();
    await client.end();
  }
}
