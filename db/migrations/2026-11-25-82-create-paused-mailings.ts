import type { Kysely } from 'kysely';

/** Sends paused automatically for their bounce or complaint rate; resumed_at set once the author resumes. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('paused_mailings')
    .addColumn('mailing_id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('paused_at', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('resumed_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('paused_mailings').execute();
}
