import type { Kysely } from 'kysely';

/** The Orders list is read a page at a time, newest first, like the admin's other long lists: by (created_at, id). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sale_orders_created_at_id').on('sale_orders').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('sale_orders_created').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sale_orders_created').on('sale_orders').column('created_at').execute();
  await db.schema.dropIndex('sale_orders_created_at_id').execute();
}
