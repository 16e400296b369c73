import type { Kysely } from 'kysely';

/** Keys the server generates on its first start (e.g. the one signing newsletter links). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_secrets')
    .addColumn('name', 'text', (col) => col.primaryKey().notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_secrets').execute();
}
