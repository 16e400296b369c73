import type { Kysely } from 'kysely';

/**
 * Clicks on the Buy menu's shop links (through the signed /r/ redirect): one row per book, shop
 * and UTC day with the number of clicks, incremented in place.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_clicks')
    .addColumn('book_id', 'text', (col) => col.notNull())
    .addColumn('shop', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('clicks', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('shop_clicks_pk', ['book_id', 'shop', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_clicks').execute();
}
