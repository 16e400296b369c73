import type { Kysely } from 'kysely';

/**
 * Reader preferences and the welcome sequence. A subscriber's `interests` is a JSON list
 * (`everything`, `new-releases`, `series:<id>`), null when never chosen (read as everything);
 * `paused_until` holds issues back for a while. An issue keeps the `audience` it was sent to
 * (JSON, null for everyone). The welcome email (`sequence_step` 0) and up to three follow-ups
 * (1–3, `delay_days` after confirmation) are issues too, edited in the same composer, sent
 * through the send queue; the unique index allows one email per step.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletter_subscriptions').addColumn('interests', 'text').execute();
  await db.schema.alterTable('newsletter_subscriptions').addColumn('paused_until', 'text').execute();
  await db.schema.alterTable('newsletter_issues').addColumn('audience', 'text').execute();
  await db.schema.alterTable('newsletter_issues').addColumn('sequence_step', 'integer').execute();
  await db.schema.alterTable('newsletter_issues').addColumn('delay_days', 'integer').execute();
  await db.schema
    .alterTable('newsletter_issues')
    .addColumn('sequence_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('newsletter_issues_sequence_step')
    .unique()
    .on('newsletter_issues')
    .column('sequence_step')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('newsletter_issues_sequence_step').execute();
  for (const column of ['sequence_enabled', 'delay_days', 'sequence_step', 'audience'])
    await db.schema.alterTable('newsletter_issues').dropColumn(column).execute();
  for (const column of ['paused_until', 'interests'])
    await db.schema.alterTable('newsletter_subscriptions').dropColumn(column).execute();
}
