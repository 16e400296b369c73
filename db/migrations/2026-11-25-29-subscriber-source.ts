import { sql, type Kysely } from 'kysely';

/**
 * Where each subscriber came from and when they left: `source` names the sign-up path
 * (`form:<page path>`, `api`, `import:<service>`), null for rows from before this change;
 * `unsubscribed_at` is set when an address stops receiving the newsletter, so list growth
 * can be counted per day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE newsletter_subscriptions ADD COLUMN source TEXT`.execute(db);
  await sql`ALTER TABLE newsletter_subscriptions ADD COLUMN unsubscribed_at TEXT`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE newsletter_subscriptions DROP COLUMN unsubscribed_at`.execute(db);
  await sql`ALTER TABLE newsletter_subscriptions DROP COLUMN source`.execute(db);
}
