import type { Kysely } from 'kysely';

/**
 * Readers' comments under posts and excerpts (src/server/comments). `comments` holds the site's own
 * comments and, later, replies from the fediverse (`origin`, the remote author's name, server and
 * link, `remote_id` once each). A site comment names its `comment_readers` row: a confirmed newsletter
 * subscription with the display name the reader chose. Sign-in links name a `comment_sign_ins` row;
 * `comment_reports` counts each reader's report once; `comment_targets` turns comments off per item.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('comment_readers')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('subscription_id', 'text', (col) => col.notNull().unique())
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('banned_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('comment_sign_ins')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('subscription_id', 'text', (col) => col.notNull())
    .addColumn('return_path', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('comment_sign_ins_subscription')
    .on('comment_sign_ins')
    .columns(['subscription_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('target_kind', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('origin', 'text', (col) => col.notNull().defaultTo('site'))
    .addColumn('reader_id', 'text')
    .addColumn('remote_author_name', 'text')
    .addColumn('remote_author_server', 'text')
    .addColumn('remote_author_url', 'text')
    .addColumn('remote_id', 'text', (col) => col.unique())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('spoiler', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('report_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema
    .createIndex('comments_target')
    .on('comments')
    .columns(['target_kind', 'target_id', 'created_at'])
    .execute();
  await db.schema.createIndex('comments_status').on('comments').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('comments_reader').on('comments').columns(['reader_id', 'created_at']).execute();
  await db.schema
    .createTable('comment_reports')
    .addColumn('comment_id', 'text', (col) => col.notNull())
    .addColumn('reader_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('comment_reports_pk', ['comment_id', 'reader_id'])
    .execute();
  await db.schema
    .createTable('comment_targets')
    .addColumn('target_kind', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('comments_off', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('comment_targets_pk', ['target_kind', 'target_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['comment_targets', 'comment_reports', 'comments', 'comment_sign_ins', 'comment_readers'])
    await db.schema.dropTable(table).execute();
}
