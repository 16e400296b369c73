import type { Kysely } from 'kysely';

/**
 * Replies and reactions from the fediverse (src/server/fediverse). A reply stored as a comment keeps the account that
 * wrote it (`comments.remote_actor_id`): only that account's `Update` edits it and its `Delete` removes it. A like or
 * boost counts once per account and post (`fediverse_reactions_once`), whatever activity ids it comes under.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comments').addColumn('remote_actor_id', 'text').execute();
  await db.schema
    .createIndex('fediverse_reactions_once')
    .on('fediverse_reactions')
    .columns(['post_id', 'kind', 'actor_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('fediverse_reactions_once').execute();
  await db.schema.alterTable('comments').dropColumn('remote_actor_id').execute();
}
