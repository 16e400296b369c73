import type { Kysely } from 'kysely';

/** Newsletter issues the author writes in the admin: drafts, then sent (or being sent). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('newsletter_issues')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('preheader', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_issues').execute();
}
