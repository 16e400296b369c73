import type { Kysely } from 'kysely';

/**
 * The author's changes to a reader (name, interests, status), each with its reason, shown in the reader's
 * history; and an index of newsletter clicks by reader, for the profile's clicks and the "engaged" filter
 * (an EXISTS per listed reader, read through the index rather than a scan of every click).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reader_changes')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('subscription_id', 'text', (col) => col.notNull())
    .addColumn('change', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('reader_changes_subscription')
    .on('reader_changes')
    .columns(['subscription_id', 'changed_at'])
    .execute();
  await db.schema
    .createIndex('newsletter_link_clicks_subscriber')
    .on('newsletter_link_clicks')
    .columns(['subscriber_id', 'clicked_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('newsletter_link_clicks_subscriber').execute();
  await db.schema.dropTable('reader_changes').execute();
}
