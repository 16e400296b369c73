import type { Kysely } from 'kysely';

/** Soft bounces in a row per lower-cased address (reset by a delivery); N of them suppress it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_soft_bounces')
    .addColumn('email', 'text', (col) => col.primaryKey().notNull())
    .addColumn('bounces', 'integer', (col) => col.notNull())
    .addColumn('last_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_soft_bounces').execute();
}
