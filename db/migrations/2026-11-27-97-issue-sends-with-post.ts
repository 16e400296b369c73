import type { Kysely } from 'kysely';

/**
 * An issue can go out together with a scheduled post: `send_with_post` 1 while its post (`post_id`) is scheduled,
 * and the site origin its links use (`send_origin`, the admin's when it was scheduled). The job that publishes
 * scheduled posts sends it once the post is published; a post taken back to a draft or deleted releases it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('newsletter_issues')
    .addColumn('send_with_post', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('newsletter_issues').addColumn('send_origin', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletter_issues').dropColumn('send_origin').execute();
  await db.schema.alterTable('newsletter_issues').dropColumn('send_with_post').execute();
}
