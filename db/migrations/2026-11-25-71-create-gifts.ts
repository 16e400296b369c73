import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The subscribers' gift (a reader magnet): one active at a time, older ones kept. Its files are
 * private (never under /objects/): on SQLite in DATA_DIR/gift-files, on PostgreSQL as 1 MB
 * chunks in `gift_file_chunks` so every instance streams them. `gift_links` counts the
 * downloads of each personal link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('gifts')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('cover_image', 'text', (col) => col.notNull())
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('gift_files')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('gift_id', 'text', (col) => col.notNull().references('gifts.id').onDelete('cascade'))
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('gift_files_gift').on('gift_files').column('gift_id').execute();
  await db.schema
    .createTable('gift_file_chunks')
    .addColumn('file_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('data', isPostgres ? sql`bytea` : 'blob', (col) => col.notNull())
    .addPrimaryKeyConstraint('gift_file_chunks_pk', ['file_id', 'seq'])
    .execute();
  await db.schema
    .createTable('gift_links')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('subscription_id', 'text', (col) => col.notNull())
    .addColumn('downloads', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('resent_at', 'text')
    .execute();
  await db.schema.createIndex('gift_links_subscription').on('gift_links').column('subscription_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['gift_links', 'gift_file_chunks', 'gift_files', 'gifts'])
    await db.schema.dropTable(table).execute();
}
