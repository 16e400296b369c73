import type { Kysely } from 'kysely';

/**
 * Confirmation emails counted per clock hour in lanes (the hourly caps: `*` for all, one per
 * destination domain, one for sign-ups without a solved challenge), and the proof-of-work
 * challenges already used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('confirmation_send_counts')
    .addColumn('lane', 'text', (col) => col.notNull())
    .addColumn('hour', 'integer', (col) => col.notNull())
    .addColumn('sent', 'integer', (col) => col.notNull())
    .addColumn('full_at', 'text')
    .addPrimaryKeyConstraint('confirmation_send_counts_pk', ['lane', 'hour'])
    .execute();
  await db.schema
    .createTable('signup_challenge_uses')
    .addColumn('signature', 'text', (col) => col.primaryKey().notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signup_challenge_uses').execute();
  await db.schema.dropTable('confirmation_send_counts').execute();
}
