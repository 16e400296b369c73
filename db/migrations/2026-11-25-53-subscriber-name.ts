import { sql, type Kysely } from 'kysely';

/** A subscriber's name, as a mailing-list service exported it (null when unknown). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE newsletter_subscriptions ADD COLUMN name TEXT`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE newsletter_subscriptions DROP COLUMN name`.execute(db);
}
