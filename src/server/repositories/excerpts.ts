import type { ContentFormat } from '../../domain/content-format.js';
import type { SpoilerLevel } from '../../domain/excerpts.js';
import type { Excerpt, ExcerptData } from '../../domain/excerpts.schema.js';
import type { AppDatabase } from '../db/connection.js';
import type { ExcerptRow } from '../db/schema.js';
import { newId } from './row-conversion.js';

const EXCERPT_COLUMNS = [
  'id',
  'bookId',
  'title',
  'description',
  'content',
  'readTime',
  'spoilerLevel',
  'contentFormat',
] as const;

const QUALIFIED_EXCERPT_COLUMNS = EXCERPT_COLUMNS.map((column) => `excerpts.${column}` as const);

const toExcerpt = (row: ExcerptRow): Excerpt => ({
  ...row,
  spoilerLevel: row.spoilerLevel as SpoilerLevel,
  contentFormat: row.contentFormat as ContentFormat,
});

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
  await db.insertInto('excerpts').values(row).execute();
  return row;
}

export async function updateExcerpt(db: AppDatabase, id: string, data: ExcerptData): Promise<Excerpt | undefined> {
  const result = await db.updateTable('excerpts').set(data).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n ? { id, ...data } : undefined;
}

export async function deleteExcerpt(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db.deleteFrom('excerpts').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
