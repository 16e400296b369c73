import type { Kysely } from 'kysely';

/** The VERP token of each message sent (bounces+<token>@): which recipient and Message-ID it was. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_return_paths')
    .addColumn('token', 'text', (col) => col.primaryKey().notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mail_return_paths_created_at').on('mail_return_paths').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_return_paths').execute();
}
