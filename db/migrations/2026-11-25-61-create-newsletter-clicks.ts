import type { Kysely } from 'kysely';

/**
 * Clicks on the links of newsletter issues: each distinct link of an issue gets a row (its id goes
 * into the signed /r/ address, its target never does), and each recipient's first click on it a row
 * of `newsletter_link_clicks` (one per recipient and link, however often they click).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('newsletter_links')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('issue_id', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addUniqueConstraint('newsletter_links_issue_url', ['issue_id', 'url'])
    .execute();
  await db.schema
    .createTable('newsletter_link_clicks')
    .addColumn('link_id', 'text', (col) => col.notNull())
    .addColumn('subscriber_id', 'text', (col) => col.notNull())
    .addColumn('clicked_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('newsletter_link_clicks_pk', ['link_id', 'subscriber_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_link_clicks').execute();
  await db.schema.dropTable('newsletter_links').execute();
}
