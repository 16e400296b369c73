import type { Kysely } from 'kysely';

/**
 * Addresses an item used to have: /<kind>/<old_slug> answers 301 to the item's current slug.
 * Keyed by kind ('book' today; blog posts or series could use it too) and pointing at the item's
 * id, not at a slug, so a chain of renames always ends at the current address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('slug_redirects')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('old_slug', 'text', (column) => column.notNull())
    .addColumn('target_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('slug_redirects_pk', ['kind', 'old_slug'])
    .execute();
  await db.schema.createIndex('slug_redirects_target').on('slug_redirects').columns(['kind', 'target_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('slug_redirects').execute();
}
