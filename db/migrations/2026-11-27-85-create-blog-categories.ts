import type { Kysely } from 'kysely';

/** The three categories every site had before they were the author's own: a new site's defaults. */
const DEFAULTS = [
  { slug: 'announcements', label: 'Announcements', color: 'red' },
  { slug: 'behind-scenes', label: 'Behind-the-Scenes', color: 'violet' },
  { slug: 'soundtracks', label: 'Soundtracks', color: 'teal' },
];

/**
 * The blog's categories, the author's to create, rename, merge, reorder and delete. Posts keep naming theirs by
 * slug (blog_posts.category), so every post keeps its category; a category a post names that is not one of the
 * defaults (an old import) becomes a category of its own, labelled by its slug.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blog_categories')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  const used = await db.selectFrom('blog_posts').select('category').distinct().execute();
  const extra = used
    .map((row: { category: string }) => row.category)
    .filter((slug) => slug !== '' && !DEFAULTS.some((category) => category.slug === slug))
    .sort()
    .map((slug) => ({ slug, label: slug, color: 'gray' }));
  const rows = [...DEFAULTS, ...extra].map((category, position) => ({
    id: `category-${position + 1}-${category.slug}`.slice(0, 100),
    ...category,
    position,
  }));
  await db.insertInto('blog_categories').values(rows).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_categories').execute();
}
