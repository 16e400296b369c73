import type { Kysely } from 'kysely';
import { slugify, uniqueSlug } from '../../src/domain/slugs.js';

/**
 * Excerpts get readable addresses, /excerpts/<slug>: each existing excerpt a slug made from its title (slug-2,
 * slug-3… when two titles agree, in the site's order), unique. Their old id addresses answer 301 to the slug.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('excerpts').addColumn('slug', 'text').execute();
  const rows: { id: string; title: string }[] = await db
    .selectFrom('excerpts')
    .select(['id', 'title'])
    .orderBy('book_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const row of rows) {
    const slug = uniqueSlug(slugify(row.title, 'excerpt'), taken);
    taken.add(slug);
    await db.updateTable('excerpts').set({ slug }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('excerpts_slug').on('excerpts').column('slug').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('excerpts_slug').execute();
  await db.schema.alterTable('excerpts').dropColumn('slug').execute();
}
