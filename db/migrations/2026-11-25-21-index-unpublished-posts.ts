import { sql, type Kysely } from 'kysely';

/**
 * The posts not on the public site (drafts, scheduled), which are few: site search leaves them
 * out by looking them up here instead of reading the status of every matching post.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('blog_posts_unpublished')
    .on('blog_posts')
    .column('id')
    .where(sql.ref('status'), '<>', 'published')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('blog_posts_unpublished').execute();
}
