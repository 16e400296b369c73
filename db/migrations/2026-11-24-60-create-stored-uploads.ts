import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Upload bytes kept in the database, used when the site runs on PostgreSQL (DATABASE_URL) so
 * every instance serves every upload; a SQLite site keeps its files in DATA_DIR/uploads and
 * leaves this table empty. bytea on PostgreSQL, blob on SQLite.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stored_uploads')
    .addColumn('name', 'text', (col) => col.primaryKey().notNull())
    .addColumn('data', isPostgres ? sql`bytea` : 'blob', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('stored_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_uploads').execute();
}
