import type { Kysely } from 'kysely';

/** Tags: many per post, each with its own slug (/blog?tag=<slug>), made when a post first names them. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blog_tags')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('label', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('blog_post_tags')
    .addColumn('post_id', 'text', (col) => col.notNull())
    .addColumn('tag_id', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('blog_post_tags_pk', ['post_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('blog_post_tags_tag').on('blog_post_tags').columns(['tag_id', 'post_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_post_tags').execute();
  await db.schema.dropTable('blog_tags').execute();
}
