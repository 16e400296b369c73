import { sql, type Kysely } from 'kysely';

/**
 * What the site sent to its followers, posts and excerpts alike (src/server/fediverse/content-federation.ts):
 * `fediverse_objects` takes over `fediverse_posts` with the item's `kind` ('post' | 'excerpt') and whether it was
 * `shared` (an excerpt written while "Share new excerpts on the fediverse" was off is recorded unshared: its edits and
 * deletion send nothing). The excerpts that exist now count as seen, unshared: turning the setting on does not send
 * the whole archive.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fediverse_objects')
    .addColumn('object_id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('shared', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('edited', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('federated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('fediverse_objects_kind').on('fediverse_objects').columns(['kind', 'edited']).execute();
  await sql`insert into fediverse_objects (object_id, kind, shared, edited, federated_at)
    select post_id, 'post', 1, edited, federated_at from fediverse_posts`.execute(db);
  await sql`insert into fediverse_objects (object_id, kind, shared, edited, federated_at)
    select id, 'excerpt', 0, 0, ${new Date().toISOString()} from excerpts`.execute(db);
  await db.schema.dropTable('fediverse_posts').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fediverse_posts')
    .addColumn('post_id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('edited', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('federated_at', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into fediverse_posts (post_id, edited, federated_at)
    select object_id, edited, federated_at from fediverse_objects where kind = 'post'`.execute(db);
  await db.schema.dropTable('fediverse_objects').execute();
}
