import type { ContentFormat } from '../../../domain/content-format.js';
import type { SpoilerLevel } from '../../../domain/excerpts.js';
import type { MoveDirection } from '../../../domain/excerpts.schema.js';
import type { Excerpt, ExcerptData } from '../../../domain/excerpts.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import type { ExcerptRow } from '../../db/schema.js';
import { inTransaction } from '../../db/in-transaction.js';
import { newId } from '../../db/row-conversion.js';
import { indexExcerpt, unindex } from '../search/search-index.js';

const EXCERPT_COLUMNS = [
  'id',
  'bookId',
  'title',
  'description',
  'content',
  'readTime',
  'spoilerLevel',
  'contentFormat',
  'position',
] as const;

const QUALIFIED_EXCERPT_COLUMNS = EXCERPT_COLUMNS.map((column) => `excerpts.${column}` as const);

const toExcerpt = (row: ExcerptRow): Excerpt => ({
  ...row,
  spoilerLevel: row.spoilerLevel as SpoilerLevel,
  contentFormat: row.contentFormat as ContentFormat,
});

/** Excerpts in their books' display order, and within a book in the author's order (opening pages first). */
export async function listExcerpts(db: AppDatabase): Promise<Excerpt[]> {
  const rows = await db
    .selectFrom('excerpts')
    .innerJoin('books', 'books.id', 'excerpts.bookId')
    .select(QUALIFIED_EXCERPT_COLUMNS)
    .orderBy('books.order')
    .orderBy('books.title')
    .orderBy('books.id')
    .orderBy('excerpts.position')
    .orderBy('excerpts.title')
    .orderBy('excerpts.id')
    .execute();
  return rows.map(toExcerpt);
}

/** One book's excerpts in reading order (ties, which only a race could make, by title). */
async function excerptsOfBook(db: AppDatabase, bookId: string): Promise<Excerpt[]> {
  const rows = await db
    .selectFrom('excerpts')
    .select(EXCERPT_COLUMNS)
    .where('bookId', '=', bookId)
    .orderBy('position')
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.map(toExcerpt);
}

async function nextPosition(db: AppDatabase, bookId: string): Promise<number> {
  const row = await db
    .selectFrom('excerpts')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('bookId', '=', bookId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** A new excerpt comes last in its book. */
export async function createExcerpt(db: AppDatabase, data: ExcerptData): Promise<Excerpt> {
  return inTransaction(db, async (trx) => {
    const row = { id: newId(), ...data, position: await nextPosition(trx, data.bookId) };
    await trx.insertInto('excerpts').values(row).execute();
    await indexExcerpt(trx, row);
    return row;
  });
}

/** An excerpt keeps its place; moved to another book, it comes last there. */
export async function updateExcerpt(db: AppDatabase, id: string, data: ExcerptData): Promise<Excerpt | undefined> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('excerpts')
      .select(['bookId', 'position'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return undefined;
    const position = current.bookId === data.bookId ? current.position : await nextPosition(trx, data.bookId);
    await trx
      .updateTable('excerpts')
      .set({ ...data, position })
      .where('id', '=', id)
      .execute();
    const excerpt = { id, ...data, position };
    await indexExcerpt(trx, excerpt);
    return excerpt;
  });
}

type MoveOutcome = { moved: Excerpt[] } | { refused: 'missing' | 'edge'; excerpt?: Excerpt };

/**
 * Moves an excerpt one place up or down within its book. The book's excerpts are numbered
 * 1…n again on the way, so gaps (a deleted excerpt) or ties never make a move do nothing.
 * Answers the book's excerpts in their new order.
 */
export async function moveExcerpt(db: AppDatabase, id: string, direction: MoveDirection): Promise<MoveOutcome> {
  return inTransaction(db, async (trx): Promise<MoveOutcome> => {
    const row = await trx.selectFrom('excerpts').select('bookId').where('id', '=', id).executeTakeFirst();
    if (!row) return { refused: 'missing' };
    const order = await excerptsOfBook(trx, row.bookId);
    const from = order.findIndex((excerpt) => excerpt.id === id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return { refused: 'edge', excerpt: order[from] };
    [order[from], order[to]] = [order[to]!, order[from]!];
    const moved = order.map((excerpt, index) => ({ ...excerpt, position: index + 1 }));
    for (const [index, excerpt] of moved.entries()) {
      if (excerpt.position !== order[index]!.position)
        await trx.updateTable('excerpts').set({ position: excerpt.position }).where('id', '=', excerpt.id).execute();
    }
    return { moved };
  });
}

export async function deleteExcerpt(db: AppDatabase, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('excerpts').where('id', '=', id).executeTakeFirst();
    await unindex(trx, 'excerpt', id);
    return result.numDeletedRows > 0n;
  });
}
