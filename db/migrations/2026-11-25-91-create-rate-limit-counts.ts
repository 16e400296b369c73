import type { Kysely } from 'kysely';

/**
 * Hits per limit and client address in the current window, kept in the database when several
 * instances share one PostgreSQL (each counts an address together with the others). One row per
 * limit and key; reset_at is ISO text like every other date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counts')
    .addColumn('limit_name', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limit_counts_pk', ['limit_name', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counts').execute();
}
