import { sql, type Kysely } from 'kysely';

/**
 * The site as an ActivityPub actor (src/server/fediverse). `fediverse_keys` holds the actor's key pairs (JWK);
 * `fediverse_kv` is Fedify's key–value store (caches, idempotence), `fediverse_queue` its durable message queue
 * (deliveries and their retries); `fediverse_followers` the accounts following the site, with their inboxes;
 * `fediverse_reactions` likes and boosts of posts; `fediverse_blocks` accounts and servers refused;
 * `fediverse_posts` the posts sent as `Create` (posts published before this migration count as sent: a site's old
 * posts are not delivered to its first follower all at once), `edited` set by an edit until its `Update` goes out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fediverse_keys')
    .addColumn('algorithm', 'text', (col) => col.primaryKey().notNull())
    .addColumn('private_jwk', 'text', (col) => col.notNull())
    .addColumn('public_jwk', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('fediverse_kv')
    .addColumn('key', 'text', (col) => col.primaryKey().notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createTable('fediverse_queue')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('run_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('fediverse_queue_run_at').on('fediverse_queue').columns(['run_at']).execute();
  await db.schema
    .createTable('fediverse_followers')
    .addColumn('actor_id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('handle', 'text', (col) => col.notNull())
    .addColumn('server', 'text', (col) => col.notNull())
    .addColumn('inbox', 'text', (col) => col.notNull())
    .addColumn('shared_inbox', 'text')
    .addColumn('follow_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('fediverse_followers_status')
    .on('fediverse_followers')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createTable('fediverse_reactions')
    .addColumn('activity_id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('post_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('fediverse_reactions_post')
    .on('fediverse_reactions')
    .columns(['post_id', 'kind'])
    .execute();
  await db.schema
    .createTable('fediverse_posts')
    .addColumn('post_id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('edited', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('federated_at', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into fediverse_posts (post_id, edited, federated_at)
    select id, 0, ${new Date().toISOString()} from blog_posts where status = 'published'`.execute(db);
  await db.schema
    .createTable('fediverse_blocks')
    .addColumn('target', 'text', (col) => col.primaryKey().notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'fediverse_blocks',
    'fediverse_posts',
    'fediverse_reactions',
    'fediverse_followers',
    'fediverse_queue',
    'fediverse_kv',
    'fediverse_keys',
  ])
    await db.schema.dropTable(table).execute();
}
