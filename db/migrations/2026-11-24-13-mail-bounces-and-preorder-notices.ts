import type { Kysely } from 'kysely';

/** A permanent delivery failure marks the address bounced; a preorder records when it was notified. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletter_subscriptions').addColumn('bounced_at', 'text').execute();
  await db.schema.alterTable('preorders').addColumn('notified_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('preorders').dropColumn('notified_at').execute();
  await db.schema.alterTable('newsletter_subscriptions').dropColumn('bounced_at').execute();
}
