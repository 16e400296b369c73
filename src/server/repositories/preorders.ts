import type { Preorder, PreorderFormat } from '../../domain/submissions.js';
import type { AppDatabase } from '../db/connection.js';
import type { PreorderRow } from '../db/schema.js';
import { newId, timestampNow, toDate } from './row-conversion.js';

type NewPreorder = Omit<Preorder, 'id' | 'bookTitle' | 'createdAt'>;

// The column only ever receives values the preorder schema accepted.
const toPreorder = (row: PreorderRow): Preorder => ({
  ...row,
  preferredFormat: row.preferredFormat as PreorderFormat,
  createdAt: toDate(row.createdAt),
});

/** Stores a preorder with the book's current title; undefined when the book does not exist. */
export async function createPreorder(db: AppDatabase, data: NewPreorder): Promise<Preorder | undefined> {
  return db.transaction().execute(async (trx) => {
    const book = await trx.selectFrom('books').select('title').where('id', '=', data.bookId).executeTakeFirst();
    if (!book) return undefined;
    const row = { id: newId(), ...data, bookTitle: book.title, createdAt: timestampNow() };
    await trx.insertInto('preorders').values(row).execute();
    return toPreorder(row);
  });
}

/** Newest first. */
export async function listPreorders(db: AppDatabase): Promise<Preorder[]> {
  const rows = await db
    .selectFrom('preorders')
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
    ])
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map(toPreorder);
}

/** Erases a preorder (on the customer's request); false when there was none. */
export async function deletePreorder(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db.deleteFrom('preorders').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
