import { sql, type Kysely } from 'kysely';

/**
 * Newsletter issues gain `post_id`, the blog post an issue was sent for ("Publish and send to subscribers"; null
 * for an issue written in the Mail tab), and `in_archive` (1: the sent issue is listed in the public web archive
 * at /newsletter/archive; 0: only its "view in browser" link opens it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE newsletter_issues ADD COLUMN post_id TEXT`.execute(db);
  await sql`ALTER TABLE newsletter_issues ADD COLUMN in_archive INTEGER NOT NULL DEFAULT 0`.execute(db);
  await db.schema
    .createIndex('newsletter_issues_archive')
    .on('newsletter_issues')
    .columns(['in_archive', 'sent_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('newsletter_issues_archive').execute();
  await sql`ALTER TABLE newsletter_issues DROP COLUMN in_archive`.execute(db);
  await sql`ALTER TABLE newsletter_issues DROP COLUMN post_id`.execute(db);
}
