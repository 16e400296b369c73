import type { BookStatus } from '../../../domain/books.js';
import type { Book, BookData, Edition, RetailerLink } from '../../../domain/books.schema.js';
import { slugify, uniqueSlug } from '../../../domain/slugs.js';
import type { AppDatabase } from '../../db/connection.js';
import { imageReference } from '../images/image-references-repository.js';
import { inTransaction } from '../../db/in-transaction.js';
import { newId } from '../../db/row-conversion.js';
import { indexBook, unindex, unindexExcerptsOfBook } from '../search/search-index.js';
import { dropRedirectsTo, recordSlugChange, releaseSlug } from './slug-redirects-repository.js';

function selectBooks(db: AppDatabase) {
  return db
    .selectFrom('books')
    .leftJoin('series', 'series.id', 'books.seriesId')
    .select([
      'books.id',
      'books.title',
      'books.description',
      'books.coverImage',
      'books.status',
      'books.price',
      'books.order',
      'books.slug',
      'books.seriesId',
      'books.seriesNumber',
      'books.editions',
      'books.retailerLinks',
      'series.name as seriesName',
    ]);
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectBooks>['executeTakeFirstOrThrow']>>;

function toBook({ seriesName, editions, retailerLinks, ...row }: JoinedRow): Book {
  return {
    ...row,
    status: row.status as BookStatus,
    editions: JSON.parse(editions) as Edition[],
    retailerLinks: JSON.parse(retailerLinks) as RetailerLink[],
    series: row.seriesId !== null && seriesName !== null ? { id: row.seriesId, name: seriesName } : null,
  };
}

const toStored = ({ editions, retailerLinks, ...data }: Omit<BookData, 'slug'>) => ({
  ...data,
  coverImageId: imageReference(data.coverImage),
  editions: JSON.stringify(editions),
  retailerLinks: JSON.stringify(retailerLinks),
});

/** Books in display order (then title, so equal orders are stable). */
export async function listBooks(db: AppDatabase): Promise<Book[]> {
  const rows = await selectBooks(db).orderBy('books.order').orderBy('books.title').execute();
  return rows.map(toBook);
}

export async function findBook(db: AppDatabase, id: string): Promise<Book | undefined> {
  const row = await selectBooks(db).where('books.id', '=', id).executeTakeFirst();
  return row && toBook(row);
}

/** The id of the book with this slug, other than `exceptId`. */
export async function bookIdWithSlug(db: AppDatabase, slug: string, exceptId?: string): Promise<string | undefined> {
  let query = db.selectFrom('books').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

/** The id of another book holding this number in this series. */
export async function bookIdWithSeriesNumber(
  db: AppDatabase,
  seriesId: string,
  seriesNumber: number,
  exceptId?: string,
): Promise<string | undefined> {
  let query = db
    .selectFrom('books')
    .select('id')
    .where('seriesId', '=', seriesId)
    .where('seriesNumber', '=', seriesNumber);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

/** A slug made from the title avoids other books' slugs and their old addresses (which keep redirecting). */
async function freeSlugFor(db: AppDatabase, title: string): Promise<string> {
  const base = slugify(title);
  const [current, old] = await Promise.all([
    db.selectFrom('books').select('slug').where('slug', 'like', `${base}%`).execute(),
    db
      .selectFrom('slugRedirects')
      .select('oldSlug as slug')
      .where('kind', '=', 'book')
      .where('oldSlug', 'like', `${base}%`)
      .execute(),
  ]);
  return uniqueSlug(base, new Set([...current, ...old].map((row) => row.slug)));
}

/**
 * A blank slug is made from the title (slug-2, slug-3… when taken). A slug given on purpose may be
 * an old address of another book: the new book takes it and that redirect is dropped.
 */
export async function createBook(db: AppDatabase, { slug, ...data }: BookData): Promise<Book> {
  return inTransaction(db, async (trx) => {
    const id = newId();
    const chosen = slug ?? (await freeSlugFor(trx, data.title));
    await releaseSlug(trx, 'book', chosen);
    await trx
      .insertInto('books')
      .values({ id, slug: chosen, ...toStored(data) })
      .execute();
    const book = (await findBook(trx, id))!;
    await indexBook(trx, book);
    return book;
  });
}

/**
 * A blank slug keeps the book's current one, so its address does not change. A new slug leaves
 * the old one redirecting here (301), and frees the new one from any redirect it was.
 */
export async function updateBook(db: AppDatabase, id: string, { slug, ...data }: BookData): Promise<Book | undefined> {
  return inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('books').select('slug').where('id', '=', id).executeTakeFirst();
    if (!current) return undefined;
    if (slug && slug !== current.slug) await recordSlugChange(trx, 'book', id, current.slug, slug);
    await trx
      .updateTable('books')
      .set({ ...toStored(data), ...(slug ? { slug } : {}) })
      .where('id', '=', id)
      .execute();
    const book = await findBook(trx, id);
    if (book) await indexBook(trx, book);
    return book;
  });
}

/**
 * Deletes the book and, through the foreign key, its excerpts (and their search documents), and its old addresses; its art
 * stays, about no book. Preorders are kept.
 */
export async function deleteBook(db: AppDatabase, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await trx.updateTable('artPieces').set({ bookId: null }).where('bookId', '=', id).execute();
    await dropRedirectsTo(trx, 'book', id);
    await unindexExcerptsOfBook(trx, id);
    const result = await trx.deleteFrom('books').where('id', '=', id).executeTakeFirst();
    await unindex(trx, 'book', id);
    return result.numDeletedRows > 0n;
  });
}
