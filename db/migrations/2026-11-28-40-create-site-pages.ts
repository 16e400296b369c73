import type { Kysely } from 'kysely';

/**
 * The author's own pages (Markdown, written in the blog's editor) at /<slug>, or under a parent page
 * (/level-1/level-2): `parent_id` is '' for a top-level page, so two siblings never share a slug (a unique index
 * treats NULLs as distinct, on both engines).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_pages')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('parent_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('content_format', 'text', (col) => col.notNull().defaultTo('markdown'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft'))
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('meta_description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('social_image', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('site_pages_parent_slug')
    .on('site_pages')
    .columns(['parent_id', 'slug'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_pages').execute();
}
