import { sql, type Kysely } from 'kysely';

/**
 * Double opt-in: a new subscription waits for its confirmation link. Addresses stored before
 * this change subscribed under the old single opt-in and count as confirmed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE newsletter_subscriptions ADD COLUMN confirmed_at TEXT`.execute(db);
  await sql`ALTER TABLE newsletter_subscriptions ADD COLUMN confirmation_nonce TEXT`.execute(db);
  await sql`ALTER TABLE newsletter_subscriptions ADD COLUMN confirmation_sent_at TEXT`.execute(db);
  await sql`UPDATE newsletter_subscriptions SET confirmed_at = created_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE newsletter_subscriptions DROP COLUMN confirmation_sent_at`.execute(db);
  await sql`ALTER TABLE newsletter_subscriptions DROP COLUMN confirmation_nonce`.execute(db);
  await sql`ALTER TABLE newsletter_subscriptions DROP COLUMN confirmed_at`.execute(db);
}
