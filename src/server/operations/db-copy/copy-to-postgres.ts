import { lstat, open, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { migrations } from '../../../../db/migrations/index.js';
import { UPLOAD_NAME_PATTERN } from '../../../domain/uploads.js';
import { openDatabase, openPostgresDatabase } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import { GIFT_CHUNK_BYTES } from '../../newsletter/gift/gift-file-store.js';
import { SALES_CHUNK_BYTES } from '../../sales/copies/sales-file-store.js';
import { ensureSearchIndex } from '../../content/search/search-index.js';

/** A refusal the operator can act on (a non-empty target, an unknown migration…): one line, exit 1. */
export class CopyRefusedError extends Error {}

type TableCount = { table: string; source: number; target: number };
type FileCount = { source: number; target: number };
export type CopyReport = { tables: TableCount[]; uploads: FileCount; giftFiles: FileCount; salesFiles: FileCount };

/** Kysely's own bookkeeping: the target gets its rows from migrating, not from the copy. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
const UPLOADS_TABLE = 'stored_uploads';
/** Where the PostgreSQL gift store (DatabaseGiftStore) keeps gift files: GIFT_CHUNK_BYTES pieces, seq from 0. */
const GIFT_CHUNKS_TABLE = 'gift_file_chunks';
/** Where the PostgreSQL sales store keeps edition files and personal copies: SALES_CHUNK_BYTES pieces, seq from 0. */
const SALES_CHUNKS_TABLE = 'sales_file_chunks';
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

/** A table of file pieces (the gift store's, the sales store's) and the size of its full pieces. */
type PiecesTable = { table: typeof GIFT_CHUNKS_TABLE | typeof SALES_CHUNKS_TABLE; pieceBytes: number };
const GIFT_PIECES: PiecesTable = { table: GIFT_CHUNKS_TABLE, pieceBytes: GIFT_CHUNK_BYTES };
const SALES_PIECES: PiecesTable = { table: SALES_CHUNKS_TABLE, pieceBytes: SALES_CHUNK_BYTES };

/** The pieces a store reads a file of `bytes` from (the sales store writes an empty file as one empty piece). */
const piecesOf = ({ table, pieceBytes }: PiecesTable, bytes: number) =>
  table === SALES_CHUNKS_TABLE ? Math.max(1, Math.ceil(bytes / pieceBytes)) : Math.ceil(bytes / pieceBytes);

/**
 * Stores a file as the database stores write one: full pieces, the last one shorter (an empty file is
 * one empty piece, as the sales store writes it), one piece in memory at a time (an audiobook is 2 GB).
 */
async function insertPieces(
  client: pg.Client,
  { table, pieceBytes }: PiecesTable,
  stored: StoredFile,
): Promise<number> {
  const handle = await open(stored.file, 'r');
  try {
    const buffer = Buffer.alloc(pieceBytes);
    let seq = 0;
    for (;;) {
      let filled = 0;
      while (filled < pieceBytes) {
        const { bytesRead } = await handle.read(buffer, filled, pieceBytes - filled, seq * pieceBytes + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled === 0 && (seq > 0 || table === GIFT_CHUNKS_TABLE)) break;
      await client.query(`INSERT INTO ${table} (file_id, seq, data) VALUES ($1, $2, $3)`, [
        stored.name,
        seq,
        buffer.subarray(0, filled),
      ]);
      seq += 1;
      if (filled < pieceBytes) break;
    }
    return seq;
  } finally {
    await handle.close();
  }
}

/** How many of the files are stored whole: their pieces add up to their size, in as many pieces as the store reads. */
async function countCopiedFiles(client: pg.Client, pieces: PiecesTable, files: StoredFile[]) {
  const { rows } = await client.query<{ fileId: string; pieces: string; bytes: string }>(
    `SELECT file_id AS "fileId", count(*) AS pieces, sum(octet_length(data)) AS bytes
     FROM ${pieces.table} WHERE file_id = ANY($1) GROUP BY file_id`,
    [files.map((file) => file.name)],
  );
  const copied = new Map(rows.map((row) => [row.fileId, row]));
  return files.filter((file) => {
    const row = copied.get(file.name);
    return row !== undefined && Number(row.bytes) === file.bytes && Number(row.pieces) === piecesOf(pieces, file.bytes);
  }).length;
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

/** Refuses a missing file or one with migrations this code does not know, then brings it to the latest schema. */
async function migrateSourceFile(databaseFile: string): Promise<void> {
  const source = await lstat(databaseFile).catch(() => null);
  if (!source?.isFile()) {
    throw new CopyRefusedError(`${databaseFile}: no SQLite site there. Set DATA_DIR to the site's data folder.`);
  }
  const sourceDb = openDatabase(databaseFile);
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
        `${databaseFile} has migrations this code does not know (${unknown.join(', ')}): update the code first.`,
      );
    }
    // The same schema on both sides: bring the SQLite file up to date first, as a start would.
    await migrateToLatest(sourceDb);
  } finally {
    await sourceDb.destroy();
  }
}

/** Refuses a target that has tables already, then migrates it to the same latest schema as the source. */
async function migrateEmptyTarget(client: pg.Client, targetUrl: string): Promise<void> {
  await assertEmptyTarget(client);
  const targetDb = openPostgresDatabase(targetUrl, { poolSize: 1 });
  try {
    await migrateToLatest(targetDb);
  } finally {
    await targetDb.destroy();
  }
}

/** The tables the copy fills, parents first: the source's, less Kysely's and site search's (logged as not copied). */
async function tablesToCopy(client: pg.Client, sqlite: SQLite.Database, log: (line: string) => void) {
  const tables = parentsFirst(
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
  // PostgreSQL's documents carry a tsvector): they are rebuilt from the copied content afterwards.
  const { rows: targetTables } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`,
  );
  const onTarget = new Set(targetTables.map((row) => row.name).filter((name) => !name.startsWith(SEARCH_TABLE_PREFIX)));
  const skipped = tables.filter((table) => !onTarget.has(table));
  if (skipped.length > 0) log(`not copied (site search, rebuilt from the content): ${skipped.join(', ')}`);
  return tables.filter((table) => onTarget.has(table));
}

/** The site's stored files, folder by folder. */
type SiteFiles = { uploads: StoredFile[]; giftFiles: StoredFile[]; salesFiles: StoredFile[] };
/** What the copy read from the source: each table's rows, and the pieces the gift and sales files became. */
type SourceCounts = { rows: Map<string, number>; giftPieces: number; salesPieces: number };

/** Inserts every row of the tables, read from one snapshot of the SQLite file; how many rows each table had. */
async function copyTableRows(
  client: pg.Client,
  sqlite: SQLite.Database,
  tables: string[],
  log: (line: string) => void,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  // One snapshot of the SQLite file, even if the site is still writing to it.
  sqlite.exec('BEGIN');
  for (const table of tables) {
    const rows = sqlite.prepare(`SELECT * FROM ${quote(table)}`).all() as Record<string, unknown>[];
    counts.set(table, rows.length);
    await insertRows(client, table, rows);
    log(`${table}: ${rows.length} rows`);
  }
  sqlite.exec('COMMIT');
  return counts;
}

/** Stores each upload as a row of stored_uploads, dated as the file was. */
async function copyUploads(client: pg.Client, uploads: StoredFile[]): Promise<void> {
  for (const upload of uploads) {
    const data = await readFile(upload.file);
    await client.query(`INSERT INTO ${UPLOADS_TABLE} (name, data, bytes, stored_at) VALUES ($1, $2, $3, $4)`, [
      upload.name,
      data,
      data.length,
      upload.mtime.toISOString(),
    ]);
  }
}

/** Stores each file as pieces of the table, one file after the other; how many pieces in all. */
async function copyAsPieces(client: pg.Client, pieces: PiecesTable, files: StoredFile[]): Promise<number> {
  let total = 0;
  for (const file of files) total += await insertPieces(client, pieces, file);
  return total;
}

/** Copies the rows and the files in one PostgreSQL transaction: all or nothing. */
async function copyInOneTransaction(
  client: pg.Client,
  sqlite: SQLite.Database,
  tables: string[],
  files: SiteFiles,
  log: (line: string) => void,
): Promise<SourceCounts> {
  await client.query('BEGIN');
  try {
    // The target was empty before its migrations: any row now is one a migration seeds (the default blog
    // categories), which the source's migrations seeded too, so the source's rows replace them.
    for (const table of [...tables].reverse()) await client.query(`DELETE FROM ${quote(table)}`);
    const rows = await copyTableRows(client, sqlite, tables, log);
    await copyUploads(client, files.uploads);
    log(`uploads: ${files.uploads.length} files`);
    const giftPieces = await copyAsPieces(client, GIFT_PIECES, files.giftFiles);
    log(`gift files: ${files.giftFiles.length} files in ${giftPieces} pieces`);
    const salesPieces = await copyAsPieces(client, SALES_PIECES, files.salesFiles);
    log(`sales files (edition files, personal copies): ${files.salesFiles.length} files in ${salesPieces} pieces`);
    await client.query('COMMIT');
    return { rows, giftPieces, salesPieces };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Builds the target's site search from the copied content. */
async function rebuildSearchIndex(targetUrl: string, log: (line: string) => void): Promise<void> {
  const searchDb = openPostgresDatabase(targetUrl, { poolSize: 1 });
  try {
    log(`search_documents: ${(await ensureSearchIndex(searchDb)).documents} rebuilt from the content`);
  } finally {
    await searchDb.destroy();
  }
}

/** The rows a table got from the source's files rather than from its rows (uploads, file pieces). */
function rowsFromFiles(table: string, files: SiteFiles, read: SourceCounts): number {
  if (table === UPLOADS_TABLE) return files.uploads.length;
  if (table === GIFT_CHUNKS_TABLE) return read.giftPieces;
  if (table === SALES_CHUNKS_TABLE) return read.salesPieces;
  return 0;
}

/** Counts both sides: each table's rows, and the files the target now stores whole. */
async function countBothSides(
  client: pg.Client,
  tables: string[],
  files: SiteFiles,
  read: SourceCounts,
): Promise<CopyReport> {
  const counted: TableCount[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${quote(table)}`);
    const source = read.rows.get(table)! + rowsFromFiles(table, files, read);
    counted.push({ table, source, target: Number(rows[0]!.count) });
  }
  const { uploads, giftFiles, salesFiles } = files;
  const { rows: uploadRows } = await client.query<{ count: string }>(
    `SELECT count(*) AS count FROM ${UPLOADS_TABLE} WHERE name = ANY($1)`,
    [uploads.map((upload) => upload.name)],
  );
  return {
    tables: counted,
    uploads: { source: uploads.length, target: Number(uploadRows[0]!.count) },
    giftFiles: { source: giftFiles.length, target: await countCopiedFiles(client, GIFT_PIECES, giftFiles) },
    salesFiles: { source: salesFiles.length, target: await countCopiedFiles(client, SALES_PIECES, salesFiles) },
  };
}

/**
 * Copies a SQLite site (DATA_DIR/site.sqlite, DATA_DIR/uploads, DATA_DIR/gift-files and
 * DATA_DIR/sales-files) into an empty PostgreSQL database: migrates both to the same latest schema,
 * copies every table in one transaction (all or nothing), stores each upload as a row of
 * stored_uploads, each gift file as pieces in gift_file_chunks and each sales file (edition files,
 * personal copies) as pieces in sales_file_chunks, then counts rows (and file bytes) on both sides.
 */
export async function copySqliteSiteToPostgres(
  options: { databaseFile: string; uploadsDir: string; giftFilesDir: string; salesFilesDir: string; targetUrl: string },
  log: (line: string) => void,
): Promise<CopyReport> {
  await migrateSourceFile(options.databaseFile);
  const client = new pg.Client({ connectionString: options.targetUrl });
  await client.connect();
  const sqlite = new SQLite(options.databaseFile, { readonly: true, fileMustExist: true });
  try {
    await migrateEmptyTarget(client, options.targetUrl);
    const tables = await tablesToCopy(client, sqlite, log);
    const files: SiteFiles = {
      uploads: await storedFilesIn(options.uploadsDir),
      giftFiles: await storedFilesIn(options.giftFilesDir),
      salesFiles: await storedFilesIn(options.salesFilesDir),
    };
    const read = await copyInOneTransaction(client, sqlite, tables, files, log);
    await rebuildSearchIndex(options.targetUrl, log);
    return await countBothSides(client, tables, files, read);
  } finally {
    sqlite.close();
    await client.end();
  }
}
