import type { Kysely } from 'kysely';

/**
 * When a newsletter confirmation was last sent to each mailbox (the address with its sub-address
 * tag, and Gmail's dots, taken out): one per mailbox per day, however many spellings of it sign up.
 * Times are ISO text like every other date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('confirmation_mailboxes')
    .addColumn('mailbox', 'text', (col) => col.primaryKey().notNull())
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('confirmation_mailboxes').execute();
}
