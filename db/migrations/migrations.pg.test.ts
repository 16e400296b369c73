import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { openScratchDatabase, type ScratchDatabase } from '../../src/server/test-support/test-database.js';
import { validBook } from '../../src/server/test-support/test-app.js';
import { migrations } from './index.js';

type ColumnShape = { table: string; column: string; nullable: boolean; type: string };

/** SQLite's declared types as the portable ones the migrations use (see README, "Scaling up"). */
const PORTABLE_TYPE: Record<string, string> = {
  text: 'text',
  integer: 'integer',
  int4: 'integer',
  // bigint on PostgreSQL where a size may pass 2^31 (edition files, personal copies); SQLite's integer is 64-bit.
  int8: 'integer',
  real: 'float',
  float8: 'float',
  blob: 'bytes',
  bytea: 'bytes',
};

/** SQLite lets a non-INTEGER-rowid primary key declared without NOT NULL hold null; PostgreSQL never does. */
const PRIMARY_KEYS_WITHOUT_NOT_NULL = new Set(['write_probe.id']);

/**
 * Site search's tables differ by engine (FTS5 on SQLite, a tsvector on PostgreSQL, each from a
 * migration that does nothing on the other): compared apart, below.
 */
const SQLITE_ONLY_TABLE = /^search_/;

/** Every column of every table (the migrator's own excepted): name, nullability, portable type. */
async function columnsOf(db: AppDatabase): Promise<ColumnShape[]> {
  const tables = (await db.introspection.getTables()).filter((table) => !SQLITE_ONLY_TABLE.test(table.name));
  return tables
    .flatMap((table) =>
      table.columns.map((column) => ({
        table: table.name,
        column: column.name,
        nullable: column.isNullable && !PRIMARY_KEYS_WITHOUT_NOT_NULL.has(`${table.name}.${column.name}`),
        type: PORTABLE_TYPE[column.dataType.toLowerCase()] ?? column.dataType.toLowerCase(),
      })),
    )
    .sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
}

/** Indexes created by name (those behind PRIMARY KEY and UNIQUE constraints are SQLite's unnamed autoindexes). */
async function postgresIndexNames(db: AppDatabase): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT indexname AS name FROM pg_indexes
    WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = indexname)
    ORDER BY indexname`.execute(db);
  return rows.map((row) => row.name).filter((name) => !SQLITE_ONLY_TABLE.test(name));
}

async function sqliteIndexNames(db: AppDatabase): Promise<string[]> {
  const { rows } = await sql<{ name: string; table: string }>`
    SELECT name, tbl_name AS "table" FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`.execute(
    db,
  );
  return rows.filter((row) => !SQLITE_ONLY_TABLE.test(row.table)).map((row) => row.name);
}

describe('migrations on PostgreSQL', () => {
  let pg: ScratchDatabase;
  let db: AppDatabase;
  beforeEach(async () => {
    pg = await openScratchDatabase('postgres');
    db = pg.db;
  });
  afterEach(async () => pg.close());

  it('build the same tables, columns, nullability and indexes as on SQLite', async () => {
    const lite = await openScratchDatabase('sqlite');
    try {
      await migrateToLatest(lite.db);
      await migrateToLatest(db);
      const liteColumns = await columnsOf(lite.db);
      expect(liteColumns.length).toBeGreaterThan(50);
      expect(await columnsOf(db)).toEqual(liteColumns);
      expect(await postgresIndexNames(db)).toEqual(await sqliteIndexNames(lite.db));
    } finally {
      await lite.close();
    }
  });

  it('build site search: the same documents as on SQLite with a tsvector and its GIN index', async () => {
    await migrateToLatest(db);
    const { rows: columns } = await sql<{ name: string; type: string }>`
      SELECT column_name AS name, data_type AS type FROM information_schema.columns
      WHERE table_name = 'search_documents' ORDER BY ordinal_position`.execute(db);
    expect(columns.map((column) => column.name)).toEqual(['id', 'kind', 'item_id', 'title', 'body', 'search_vector']);
    expect(columns.at(-1)?.type).toBe('tsvector');
    const { rows: indexes } = await sql<{ definition: string }>`
      SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'search_documents_search_vector'`.execute(db);
    expect(indexes[0]?.definition).toContain('USING gin (search_vector)');
  });

  it('keep search vectors in the row (MAIN storage), those written before included', async () => {
    const { Migrator } = await import('kysely');
    const { migrations } = await import('./index.js');
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    await migrator.migrateTo('2026-11-25-10-index-mail-queue-by-mailing');
    // A long post's vector (300 different words, each twice), written with the old storage.
    const words = Array.from({ length: 600 }, (_, index) => `word${index % 300}`).join(' ');
    await sql`INSERT INTO search_documents (kind, item_id, title, body, search_vector)
      VALUES ('post', 'p1', 'Long', 'Short body.', to_tsvector('simple', ${words}))`.execute(db);
    const { rows: toast } = await sql<{ name: string }>`
      SELECT reltoastrelid::regclass::text AS name FROM pg_class WHERE relname = 'search_documents'`.execute(db);
    const toastChunks = async () =>
      Number(
        (await sql<{ count: string }>`SELECT count(*) AS count FROM ${sql.raw(toast[0]!.name)}`.execute(db)).rows[0]
          ?.count,
      );
    expect(await toastChunks()).toBeGreaterThan(0);

    await migrateToLatest(db);
    const { rows } = await sql<{ storage: string }>`
      SELECT attstorage AS storage FROM pg_attribute
      WHERE attrelid = 'search_documents'::regclass AND attname = 'search_vector'`.execute(db);
    expect(rows[0]?.storage).toBe('m');
    expect(await toastChunks()).toBe(0);
  });

  it('are idempotent and can all be rolled back', async () => {
    await migrateToLatest(db);
    await migrateToLatest(db);
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
    const left = (await db.introspection.getTables()).map((table) => table.name);
    expect(left).toEqual([]);
  });

  it('number existing books in one series, with a fractional number kept exactly', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-23-01-create-write-probe')).error).toBeUndefined();
    await sql`INSERT INTO books (id, title, description, cover_image, status, price, "order")
      VALUES ('b1', 'The Ashwarden', 'd', '/objects/c.png', 'published', '$1', 1)`.execute(db);
    await migrateToLatest(db);
    await db.updateTable('books').set({ seriesNumber: 2.1 }).where('id', '=', 'b1').execute();
    const book = await db.selectFrom('books').select(['slug', 'seriesNumber']).executeTakeFirstOrThrow();
    expect(book).toEqual({ slug: 'the-ashwarden', seriesNumber: 2.1 });
  });

  it('enforce one newsletter row per address whatever its case, and unique slugs', async () => {
    await migrateToLatest(db);
    const row = (id: string, email: string) => ({ id, email, isActive: 1, createdAt: new Date().toISOString() });
    await db.insertInto('newsletterSubscriptions').values(row('n1', 'Reader@Example.com')).execute();
    await expect(
      db.insertInto('newsletterSubscriptions').values(row('n2', 'reader@example.COM')).execute(),
    ).rejects.toMatchObject({ code: '23505' });
    await db
      .insertInto('books')
      .values({ id: 'b1', ...validBook, slug: 's' })
      .execute();
    await expect(
      db
        .insertInto('books')
        .values({ id: 'b2', ...validBook, slug: 's' })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
