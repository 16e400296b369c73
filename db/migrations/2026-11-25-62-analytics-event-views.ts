import { sql, type Kysely } from 'kysely';

/**
 * A raw analytics event may stand for several identical views (same day, hour, path, source,
 * campaign, device and visitor hash), written as one row with their number: an instance collapses
 * each batch before writing it. Existing rows are one view each.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE analytics_events ADD COLUMN views INTEGER NOT NULL DEFAULT 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE analytics_events DROP COLUMN views`.execute(db);
}
