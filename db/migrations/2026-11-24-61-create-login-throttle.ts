import type { Kysely } from 'kysely';

/**
 * Failed admin password attempts per client address, kept in the database when several instances
 * share one PostgreSQL (a guesser cannot multiply their tries by the instance count). One row per
 * address; times are ISO text like every other date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('address', 'text', (col) => col.primaryKey().notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('last_attempt_at', 'text', (col) => col.notNull())
    .addColumn('check_started_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
}
