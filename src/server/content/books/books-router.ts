import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { bookInputSchema, type Book, type BookData, type BookWithSeries } from '../../../domain/books.schema.js';
import type { Series } from '../../../domain/series.schema.js';
import { seriesNumberLabel } from '../../../domain/series.js';
import { LATEST_RELEASE_FIELDS, latestRelease } from '../../../domain/latest-release.js';
import { redirectKey, withShopTag } from '../../analytics/shop-links.js';
import type { AppDatabase } from '../../db/connection.js';
import {
  bookIdWithSeriesNumber,
  bookIdWithSlug,
  createBook,
  deleteBook,
  listBooks,
  updateBook,
} from './books-repository.js';
import { withReferencedImages } from '../images/responsive-images.js';
import { isUniqueViolation } from '../../db/row-conversion.js';
import { listSeries, seriesExists } from '../series/series-repository.js';
import { listSlugRedirects } from './slug-redirects-repository.js';
import { listPublicSaleEditions } from '../../sales/sale-editions-repository.js';
import type { PublicSaleEdition } from '../../../domain/sales.js';
import { found, publicProcedure, router } from '../../trpc/trpc.js';
import { contentProcedures, unknownReference } from '../content-procedures.js';

export const SLUG_TAKEN = 'Another book already uses this slug';

const slugTaken = () => new TRPCError({ code: 'CONFLICT', message: SLUG_TAKEN });

async function checkBook(db: AppDatabase, data: BookData, id?: string): Promise<void> {
  if (data.seriesId !== null) {
    if (!(await seriesExists(db, data.seriesId))) throw unknownReference('The chosen series does not exist');
    if (data.seriesNumber !== null && (await bookIdWithSeriesNumber(db, data.seriesId, data.seriesNumber, id)))
      throw new TRPCError({
        code: 'CONFLICT',
        message: `${seriesNumberLabel(data.seriesNumber)} of this series already exists`,
      });
  }
  if (data.slug !== null && (await bookIdWithSlug(db, data.slug, id))) throw slugTaken();
}

/** Two writes racing for one slug: the second is told, not failed with a 500. */
async function slugSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** The book with its whole series (the list names it only, to keep every page that lists books light). */
function withSeries<B extends Book>(book: B, series: readonly Series[]): BookWithSeries<B> {
  if (book.series === null) return { ...book, series: null };
  const { id, name } = book.series;
  return {
    ...book,
    series: series.find((entry) => entry.id === id) ?? { id, name, description: '', readingOrderNote: '' },
  };
}

/** Optional in the type: a write's answer (the admin's copy of a book) does not carry them. */
const withDirectSales = <B extends Book>(
  book: B,
  direct: Map<string, PublicSaleEdition[]>,
): B & { directSales?: PublicSaleEdition[] } => ({ ...book, directSales: direct.get(book.id) ?? [] });

/**
 * The public list: each book with its cover's responsive image, its shop links' signed tag and the
 * editions it sells direct (the Buy direct button; none when it sells none).
 */
const listBooksWithImages = async (db: AppDatabase) => {
  const [books, key] = await Promise.all([listBooks(db), redirectKey(db)]);
  const direct = await listPublicSaleEditions(
    db,
    books.map((book) => book.id),
  );
  return withReferencedImages(
    db,
    books.map((book) => withDirectSales(withShopTag(book, key), direct)),
    'books',
  );
};

const content = contentProcedures({
  name: 'Book',
  cacheKey: 'books',
  inputSchema: bookInputSchema,
  list: listBooksWithImages,
  create: async (db, data) => {
    const book = withShopTag(await slugSafe(() => createBook(db, data)), await redirectKey(db));
    return withDirectSales(book, await listPublicSaleEditions(db, [book.id]));
  },
  update: async (db, id, data) => {
    const book = await slugSafe(() => updateBook(db, id, data));
    return book && withDirectSales(withShopTag(book, await redirectKey(db)), await listPublicSaleEditions(db, [id]));
  },
  remove: deleteBook,
  checkReferences: checkBook,
});

const bySlugInput = z.object({
  slug: z.string({ error: 'Slug is required' }).trim().min(1, 'Slug is required').max(100, 'Book not found'),
});

type ListedBook = Awaited<ReturnType<typeof listBooksWithImages>>[number];
type LatestReleaseCard = Pick<ListedBook, (typeof LATEST_RELEASE_FIELDS)[number]>;

export const booksRouter = router({
  ...content,
  /**
   * The home page's Latest Release, with only what it shows: the whole list (every edition's shop
   * links, the direct sales) would be most of the home page's state, written into its HTML.
   */
  latest: publicProcedure.query(async ({ ctx }): Promise<LatestReleaseCard | null> => {
    const book = latestRelease(await ctx.cache.get('books', () => listBooksWithImages(ctx.db)));
    if (!book) return null;
    // A cover with no processed image has no `image` (as in the list).
    const fields = LATEST_RELEASE_FIELDS.flatMap((key) => (book[key] === undefined ? [] : [[key, book[key]]]));
    return Object.fromEntries(fields) as LatestReleaseCard;
  }),
  /**
   * The book at /books/<slug>. An old link finds the book too, by its id or by a slug it had
   * before: the page then redirects (301) to the book's slug, which the answer carries. Its series
   * comes with the description and reading-order note the page shows.
   */
  bySlug: publicProcedure.input(bySlugInput).query(async ({ ctx, input }) => {
    const [books, redirects, series] = await Promise.all([
      ctx.cache.get('books', () => listBooksWithImages(ctx.db)),
      ctx.cache.get('book-slug-redirects', () => listSlugRedirects(ctx.db, 'book')),
      // The same cached list as series.list.
      ctx.cache.get('series', () => listSeries(ctx.db)),
    ]);
    const redirectedTo = redirects.get(input.slug);
    const book = found(
      books.find((book) => book.slug === input.slug) ??
        books.find((book) => book.id === input.slug) ??
        (redirectedTo === undefined ? undefined : books.find((book) => book.id === redirectedTo)),
      'Book',
    );
    return withSeries(book, series);
  }),
});
