import type { SpoilerLevel } from '../../domain/excerpts.js';
import type { Excerpt, ExcerptData } from '../../domain/excerpts.schema.js';
import type { AppDatabase } from '../db/connection.js';
import type { ExcerptRow } from '../db/schema.js';
import { newId } from './row-conversion.js';
import { indexExcerpt, unindex } from './search-index.js';
import { inTransaction } from './transactions.js';

const EXCERPT_COLUMNS = ['id', 'bookId', 'title', 'description', 'content', 'readTime', 'spoilerLevel'] as const;

const QUALIFIED_EXCERPT_COLUMNS = EXCERPT_COLUMNS.map((column) => `excerpts.${column}` as const);

const toExcerpt = (row: ExcerptRow): Excerpt => ({ ...row, spoilerLevel: row.spoilerLevel as SpoilerLevel });

/** Excerpts in their books' display order, then by title. */
export async function listExcerpts(db: AppDatabase): Promise<Excerpt[]> {
  const rows = await db
    .selectFrom('excerpts')
    .innerJoin('books', 'books.id', 'excerpts.bookId')
    .select(QUALIFIED_EXCERPT_COLUMNS)
    .orderBy('books.order')
    .orderBy('excerpts.title')
    .execute();
  return rows.map(toExcerpt);
}

export async function createExcerpt(db: AppDatabase, data: ExcerptData): Promise<Excerpt> {
  const row = { id: newId(), ...data };
  await inTransaction(db, async (trx) => {
    await trx.insertInto('excerpts').values(row).execute();
    await indexExcerpt(trx, row);
  });
  return row;
}

export async function updateExcerpt(db: AppDatabase, id: string, data: ExcerptData): Promise<Excerpt | undefined> {
  return inTransaction(db, async (trx) => {
    const result = await trx.updateTable('excerpts').set(data).where('id', '=', id).executeTakeFirst();
    if (result.numUpdatedRows === 0n) return undefined;
    const excerpt = { id, ...data };
    await indexExcerpt(trx, excerpt);
    return excerpt;
  });
}

export async function deleteExcerpt(db: AppDatabase, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('excerpts').where('id', '=', id).executeTakeFirst();
    await unindex(trx, 'excerpt', id);
    return result.numDeletedRows > 0n;
  });
}
