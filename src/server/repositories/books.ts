import type { BookStatus } from '../../domain/books.js';
import type { Book, BookData } from '../../domain/books.schema.js';
import type { AppDatabase } from '../db/connection.js';
import type { BookRow } from '../db/schema.js';
import { newId } from './row-conversion.js';

const BOOK_COLUMNS = ['id', 'title', 'description', 'coverImage', 'status', 'price', 'order'] as const;

const toBook = (row: BookRow): Book => ({ ...row, status: row.status as BookStatus });

/** Books in display order (then title, so equal orders are stable). */
export async function listBooks(db: AppDatabase): Promise<Book[]> {
  const rows = await db.selectFrom('books').select(BOOK_COLUMNS).orderBy('order').orderBy('title').execute();
  return rows.map(toBook);
}

export async function findBook(db: AppDatabase, id: string): Promise<Book | undefined> {
  const row = await db.selectFrom('books').select(BOOK_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toBook(row);
}

export async function createBook(db: AppDatabase, data: BookData): Promise<Book> {
  const row = { id: newId(), ...data };
  await db.insertInto('books').values(row).execute();
  return row;
}

export async function updateBook(db: AppDatabase, id: string, data: BookData): Promise<Book | undefined> {
  const result = await db.updateTable('books').set(data).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n ? { id, ...data } : undefined;
}

/** Deletes the book and, through the foreign key, its excerpts. Preorders are kept. */
export async function deleteBook(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db.deleteFrom('books').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
