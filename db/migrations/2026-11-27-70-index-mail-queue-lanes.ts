import type { Kysely } from 'kysely';

/**
 * The send queue claims its transactional lane (purchase and confirmation emails) before the
 * issues: this index finds the few due rows of those kinds without walking the thousands of a
 * newsletter send queued ahead of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('mail_queue_lane_due')
    .on('mail_queue')
    .columns(['status', 'kind', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_queue_lane_due').execute();
}
