import type { Preorder, PreorderFormat } from '../../../domain/submissions.js';
import type { AdminPageInput, Page } from '../../../domain/admin-lists.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import { olderThan, toPage, type PageKey } from '../../db/keyset-page.js';
import type { PreorderRow } from '../../db/schema.js';
import { newId, timestampNow, toDate } from '../../db/row-conversion.js';

type NewPreorder = Omit<Preorder, 'id' | 'bookTitle' | 'createdAt' | 'notifiedAt'>;

// The column only ever receives values the preorder schema accepted.
const toPreorder = (row: PreorderRow): Preorder => ({
  ...row,
  preferredFormat: row.preferredFormat as PreorderFormat,
  createdAt: toDate(row.createdAt),
  notifiedAt: row.notifiedAt === null ? null : toDate(row.notifiedAt),
});

/** Stores a preorder with the book's current title; undefined when the book does not exist. */
export async function createPreorder(db: AppDatabase, data: NewPreorder): Promise<Preorder | undefined> {
  return db.transaction().execute(async (trx) => {
    const book = await trx.selectFrom('books').select('title').where('id', '=', data.bookId).executeTakeFirst();
    if (!book) return undefined;
    const row = { id: newId(), ...data, bookTitle: book.title, createdAt: timestampNow(), notifiedAt: null };
    await trx.insertInto('preorders').values(row).execute();
    return toPreorder(row);
  });
}

/** One page, newest first: `limit` rows read (and one more), through the index on (created_at, id). */
export async function listPreorders(
  db: AppDatabase,
  input: AdminPageInput,
  after: PageKey | null,
): Promise<Page<Preorder>> {
  let query = db.selectFrom('preorders');
  if (after) query = query.where(olderThan(after));
  const rows = await query
    .select([
      'id',
      'bookId',
      'bookTitle',
      'customerName',
      'customerEmail',
      'preferredFormat',
      'phoneNumber',
      'specialRequests',
      'createdAt',
      'notifiedAt',
    ])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(input.limit + 1)
    .execute();
  return toPage(rows, input.limit, toPreorder);
}

/** Erases a preorder (on the customer's request); false when there was none. */
export async function deletePreorder(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db.deleteFrom('preorders').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export type PreorderNoticeBook = { bookId: string; title: string; waiting: number; notified: number };

/** Published books that have preorders: how many wait for the notice and how many got it. */
export async function listPreorderNoticeBooks(db: AppDatabase): Promise<PreorderNoticeBook[]> {
  const rows = await db
    .selectFrom('preorders')
    .innerJoin('books', 'books.id', 'preorders.bookId')
    .where('books.status', '=', 'published')
    .select((eb) => [
      'books.id as bookId',
      'books.title',
      eb.fn.count<number>('preorders.id').as('total'),
      eb.fn.count<number>('preorders.notifiedAt').as('notified'),
    ])
    .groupBy(['books.id', 'books.title'])
    .orderBy('books.title')
    .execute();
  return rows.map((row) => ({
    bookId: row.bookId,
    title: row.title,
    waiting: Number(row.total) - Number(row.notified),
    notified: Number(row.notified),
  }));
}

export async function findPreorder(db: AppDatabase, id: string): Promise<Preorder | undefined> {
  const row = await db.selectFrom('preorders').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPreorder(row);
}
