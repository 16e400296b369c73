import { sql, type Kysely } from 'kysely';

/** One subscription per address, compared case-insensitively. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE UNIQUE INDEX newsletter_subscriptions_email_unique
    ON newsletter_subscriptions (lower(email))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX newsletter_subscriptions_email_unique`.execute(db);
}
