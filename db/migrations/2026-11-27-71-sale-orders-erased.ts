import type { Kysely } from 'kysely';

/**
 * A buyer erased at their request: the order keeps its amount, currency, book and provider ids for
 * the accounts, loses the buyer's name and email, and its download links stop (`erased_at` set).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sale_orders').addColumn('erased_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sale_orders').dropColumn('erased_at').execute();
}
