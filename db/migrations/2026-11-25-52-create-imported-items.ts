import type { Kysely } from 'kysely';

/**
 * What an import brought in, so importing the same file again creates nothing new: each row ties
 * an item of another service (`source` such as 'wordpress', its `source_id`) to the site's item.
 * `legacy_path` is the item's old address on that service (e.g. /2019/05/slug/ or /?p=123), which
 * answers 301 to the item's address here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imported_items')
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('source_id', 'text', (column) => column.notNull())
    .addColumn('target_id', 'text', (column) => column.notNull())
    .addColumn('imported_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('imported_items_pk', ['source', 'kind', 'source_id'])
    .execute();
  await db.schema
    .createTable('legacy_paths')
    .addColumn('path', 'text', (column) => column.notNull().primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('target_id', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('legacy_paths_target').on('legacy_paths').columns(['kind', 'target_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('legacy_paths').execute();
  await db.schema.dropTable('imported_items').execute();
}
