import type { Kysely } from 'kysely';

/**
 * Excerpts gain a position within their book (1 = the opening pages), so the author sets the
 * reading order instead of the title deciding it. Existing excerpts are numbered in the order the
 * site listed them until now (by title within each book), so nothing moves for readers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('excerpts')
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  const rows = await db
    .selectFrom('excerpts')
    .select(['id', 'book_id as book'])
    .orderBy('book_id')
    .orderBy('title')
    .orderBy('id')
    .execute();
  const next = new Map<string, number>();
  // Aliased without an underscore: the app's CamelCasePlugin would rename book_id in the result.
  for (const row of rows as { id: string; book: string }[]) {
    const position = (next.get(row.book) ?? 0) + 1;
    next.set(row.book, position);
    await db.updateTable('excerpts').set({ position }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('excerpts_book_position').on('excerpts').columns(['book_id', 'position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('excerpts_book_position').execute();
  await db.schema.alterTable('excerpts').dropColumn('position').execute();
}
