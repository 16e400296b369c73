import { type Kysely } from 'kysely';

/** Frozen copy of the slug rule at the time of this migration. */
function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'post';
}

/**
 * Writing like on Ghost. Posts and excerpts gain `content_format` ('plain' for every existing row: their
 * text keeps rendering exactly as before; new rows are written as 'markdown' by the app). Posts gain a
 * state (existing posts are published), a unique slug made from the title, and SEO fields. The old slugs
 * of a post whose slug was edited go in `slug_redirects` (kind 'post') so their addresses answer 301.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('excerpts')
    .addColumn('content_format', 'text', (column) => column.notNull().defaultTo('plain'))
    .execute();
  const columns: Array<[string, string]> = [
    ['content_format', 'plain'],
    ['status', 'published'],
    ['slug', ''],
    ['meta_description', ''],
    ['social_image', ''],
  ];
  for (const [name, value] of columns) {
    await db.schema
      .alterTable('blog_posts')
      .addColumn(name, 'text', (column) => column.notNull().defaultTo(value))
      .execute();
  }

  const rows = await db
    .selectFrom('blog_posts')
    .select(['id', 'title'])
    .orderBy('published_at')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const row of rows as Array<{ id: string; title: string }>) {
    const base = slugOf(row.title);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    await db.updateTable('blog_posts').set({ slug }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('blog_posts_slug').on('blog_posts').column('slug').unique().execute();
  await db.schema.createIndex('blog_posts_status').on('blog_posts').columns(['status', 'published_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('blog_posts_status').execute();
  await db.schema.dropIndex('blog_posts_slug').execute();
  for (const column of ['social_image', 'meta_description', 'slug', 'status', 'content_format']) {
    await db.schema.alterTable('blog_posts').dropColumn(column).execute();
  }
  await db.schema.alterTable('excerpts').dropColumn('content_format').execute();
}
