import type { Kysely } from 'kysely';

/**
 * Sell direct (issue 32). `sale_editions`: an edition's provider, product id, checkout link and
 * expected price; the files it delivers are the edition's `edition_files` (2026-11-27-60-edition-files).
 * `sale_orders`: one row per provider order, unique on (provider, provider_order_id), so an
 * event delivered to two instances makes one order. `sale_events`: every provider event id seen,
 * the primary key being what makes a replay change nothing. `library_sign_ins`: a `/library`
 * sign-in link's row (the token names it, never the address).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sale_editions')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('book_id', 'text', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('checkout_url', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('sale_editions_book_format', ['book_id', 'format'])
    .addUniqueConstraint('sale_editions_product', ['provider', 'product_id'])
    .execute();
  await db.schema
    .createTable('sale_orders')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_order_id', 'text', (col) => col.notNull())
    .addColumn('checkout_session_id', 'text')
    .addColumn('sale_edition_id', 'text')
    .addColumn('book_id', 'text')
    .addColumn('format', 'text')
    .addColumn('product_ref', 'text')
    .addColumn('buyer_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('buyer_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('amount', 'integer')
    .addColumn('currency', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('held_reason', 'text')
    .addColumn('marketing_consent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('copy_file_id', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('refunded_at', 'text')
    .addColumn('resent_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('sale_orders_provider_order', ['provider', 'provider_order_id'])
    .execute();
  await db.schema.createIndex('sale_orders_buyer').on('sale_orders').column('buyer_email').execute();
  await db.schema.createIndex('sale_orders_session').on('sale_orders').column('checkout_session_id').execute();
  await db.schema.createIndex('sale_orders_created').on('sale_orders').column('created_at').execute();
  await db.schema
    .createTable('sale_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text')
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('sale_events_pk', ['provider', 'event_id'])
    .execute();
  await db.schema
    .createTable('library_sign_ins')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('library_sign_ins_email')
    .on('library_sign_ins')
    .columns(['email', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['library_sign_ins', 'sale_events', 'sale_orders', 'sale_editions'])
    await db.schema.dropTable(table).execute();
}
