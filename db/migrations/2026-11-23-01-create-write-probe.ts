import type { Kysely } from 'kysely';

/** One row the server rewrites to prove the database can still be written (start-up and /healthz). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('write_probe')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('checked_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('write_probe').execute();
}
