import type { Kysely } from 'kysely';

/** The admin's long lists are read a page at a time, newest first: each by (created_at, id). */
const LISTS = ['newsletter_subscriptions', 'contact_submissions', 'preorders'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LISTS)
    await db.schema.createIndex(`${table}_created_at_id`).on(table).columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of LISTS) await db.schema.dropIndex(`${table}_created_at_id`).execute();
}
