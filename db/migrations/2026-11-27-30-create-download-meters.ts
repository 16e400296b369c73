import { sql, type Kysely } from 'kysely';

/**
 * What each download allowance has used, in thousandths of a whole file (src/server/site/downloads):
 * one row per meter, named by its owner (`gift-link:<id>` for a gift's personal link). A download
 * is counted by the bytes it was sent, so resumed and ranged requests count too. The gift links'
 * downloads counted before (whole files, each from its first byte) move in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('download_meters')
    .addColumn('meter', 'text', (col) => col.primaryKey().notNull())
    .addColumn('used', 'integer', (col) => col.notNull())
    .execute();
  await sql`
    INSERT INTO download_meters (meter, used)
    SELECT 'gift-link:' || id, downloads * 1000 FROM gift_links WHERE downloads > 0
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('download_meters').execute();
}
