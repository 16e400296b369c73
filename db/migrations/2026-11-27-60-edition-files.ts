import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Files sold direct (issue 32): the file(s) the author delivers per edition (`edition_files`, an
 * ebook's EPUB/PDF/MOBI/AZW3 or an audiobook's MP3 chapters/M4B) and each buyer's personal copy
 * (`personal_copies`, made once per purchase and kept, found again by its fingerprint). Their
 * bytes: on SQLite files in DATA_DIR/sales-files; on PostgreSQL 1 MB rows of `sales_file_chunks`
 * (no row near the 16 MB budget), so every instance streams them. Sizes are bigint on PostgreSQL:
 * an audiobook may pass 2^31 bytes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigInteger = isPostgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('edition_files')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('book_id', 'text', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('edition_format', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('bytes', bigInteger, (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('checked', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('edition_files_book')
    .on('edition_files')
    .columns(['book_id', 'edition_format', 'position'])
    .execute();
  await db.schema
    .createTable('personal_copies')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('edition_file_id', 'text', (col) => col.notNull())
    .addColumn('order_ref', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull().unique())
    .addColumn('buyer_name', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', bigInteger, (col) => col.notNull())
    .addColumn('made_at', 'text', (col) => col.notNull())
    .execute();
  // One copy per order and file: two instances making it at once keep one (the other's insert fails).
  await db.schema
    .createIndex('personal_copies_order_file')
    .on('personal_copies')
    .columns(['order_ref', 'edition_file_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('sales_file_chunks')
    .addColumn('file_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('data', isPostgres ? sql`bytea` : 'blob', (col) => col.notNull())
    .addPrimaryKeyConstraint('sales_file_chunks_pk', ['file_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sales_file_chunks', 'personal_copies', 'edition_files'])
    await db.schema.dropTable(table).execute();
}
