import type { Kysely } from 'kysely';

/**
 * The provider events already recorded (deliverability/seen-mail-events.ts): one row per provider
 * event id (`provider:id`), so a replayed or retried event changes nothing. Rows older than the
 * keep period are pruned as new events arrive (hence the index on seen_at).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_event_ids')
    .addColumn('event_id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mail_event_ids_seen_at').on('mail_event_ids').column('seen_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_event_ids').execute();
}
