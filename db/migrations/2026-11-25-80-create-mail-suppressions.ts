import type { Kysely } from 'kysely';

/**
 * Addresses never mailed again (bounced, complained, unsubscribed, or added by the author), one
 * row per lower-cased address, and a log of removals with the author's reason. Times are ISO text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_suppressions')
    .addColumn('email', 'text', (col) => col.primaryKey().notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('issue_id', 'text')
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('mail_suppressions_created_at').on('mail_suppressions').column('created_at').execute();
  await db.schema
    .createTable('mail_suppression_removals')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('suppressed_reason', 'text', (col) => col.notNull())
    .addColumn('suppressed_at', 'text', (col) => col.notNull())
    .addColumn('removal_reason', 'text', (col) => col.notNull())
    .addColumn('removed_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_suppression_removals').execute();
  await db.schema.dropTable('mail_suppressions').execute();
}
