import type { Kysely } from 'kysely';

/**
 * The addresses (an IPv6 address as its /64) the admin has logged in from, as SHA-256 digests:
 * a password check from one of them may use a check slot that guesses from elsewhere cannot fill,
 * so a flood of guesses does not lock the author out. In the database, so it survives a restart
 * and every instance on one PostgreSQL knows them. Times are ISO text like every other date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_login_addresses')
    .addColumn('address_digest', 'text', (col) => col.primaryKey().notNull())
    .addColumn('last_login_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_login_addresses').execute();
}
