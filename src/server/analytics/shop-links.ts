import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Book } from '../../domain/books.schema.js';
import type { AppDatabase } from '../db/connection.js';
import { findBook } from '../content/books/books-repository.js';
import { loadOrCreateSecret } from '../auth/site-secrets-repository.js';
import { dayOf } from './calendar.js';
import { directShopName } from '../../domain/analytics-paths.js';
import { EDITION_FORMAT_LABELS } from '../../domain/editions.js';
import { listPublicSaleEditions } from '../sales/sale-editions-repository.js';

/**
 * Buy-menu shop links go through `/r/s<tag>.<n>` (src/domain/analytics-paths.ts): the tag is an
 * HMAC of the book's id with the key of every `/r/` link, cut to 66 bits so a page listing many
 * books stays light; `n` picks one of that book's stored links. A forged tag names no book, and
 * whatever `n` says, the redirect only ever goes to an address the author stored for the book.
 */
const TOKEN = /^s([A-Za-z0-9_-]{11})\.(\d{1,3})$/;

/** The key of `/r/` links, the one newsletter links are signed with. */
export const redirectKey = (db: AppDatabase): Promise<Buffer> => loadOrCreateSecret(db, 'newsletter-links');

const tagOf = (key: Buffer, bookId: string): string =>
  createHmac('sha256', key).update(`shop-link\n${bookId}`).digest('base64url').slice(0, 11);

/** The book as the public pages get it: with its shops' signed tag, signed when the book data is built. */
export function withShopTag<B extends Book>(book: B, key: Buffer): B {
  return { ...book, shopTag: tagOf(key, book.id) };
}

const linksOf = (book: Book) => [...book.retailerLinks, ...book.editions.flatMap((edition) => edition.links)];

/** The book whose signed tag this is; undefined for a forged one. */
async function bookIdOfTag(db: AppDatabase, tag: string): Promise<string | undefined> {
  const key = await redirectKey(db);
  const given = Buffer.from(tag);
  const ids = await db.selectFrom('books').select('id').execute();
  return ids.find((row) => timingSafeEqual(Buffer.from(tagOf(key, row.id)), given))?.id;
}

/** The book and shop link a `/r/` token names; null for anything else (not a shop token, forged, gone). */
export async function shopLinkTarget(
  db: AppDatabase,
  token: string,
): Promise<{ bookId: string; shop: string; url: string } | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, tag, index] = match as unknown as [string, string, string];
  const id = await bookIdOfTag(db, tag);
  const book = id === undefined ? undefined : await findBook(db, id);
  const link = book ? linksOf(book)[Number(index)] : undefined;
  return book && link ? { bookId: book.id, shop: link.label, url: link.url } : null;
}

const DIRECT_TOKEN = /^d([A-Za-z0-9_-]{11})\.([a-z]{1,20})$/;

/**
 * The checkout a Buy direct token (`d<tag>.<format>`, directLinkPath) leads to: the book's edition of that format
 * sold direct now (active, with a file to deliver); null for anything else, so the redirect only ever goes to a
 * checkout the author stored.
 */
export async function directLinkTarget(
  db: AppDatabase,
  token: string,
): Promise<{ bookId: string; shop: string; url: string } | null> {
  const match = DIRECT_TOKEN.exec(token);
  if (!match) return null;
  const [, tag, format] = match as unknown as [string, string, string];
  const bookId = await bookIdOfTag(db, tag);
  if (bookId === undefined) return null;
  const sale = (await listPublicSaleEditions(db, [bookId])).get(bookId)?.find((edition) => edition.format === format);
  return sale ? { bookId, shop: directShopName(EDITION_FORMAT_LABELS[sale.format]), url: sale.checkoutUrl } : null;
}

/** One more click on a book's shop today: an atomic increment, exact with several instances. */
export async function countShopClick(db: AppDatabase, bookId: string, shop: string, at = new Date()): Promise<void> {
  await db
    .insertInto('shopClicks')
    .values({ bookId, shop, day: dayOf(at), clicks: 1 })
    .onConflict((conflict) =>
      conflict.columns(['bookId', 'shop', 'day']).doUpdateSet({ clicks: sql<number>`shop_clicks.clicks + 1` }),
    )
    .execute();
}

export type ShopClicks = { bookId: string; title: string; shop: string; clicks: number };

/** Clicks per book and shop over a range of UTC days, by book, most clicked first. */
export async function shopClicksBetween(db: AppDatabase, from: string, to: string): Promise<ShopClicks[]> {
  const rows = await db
    .selectFrom('shopClicks as c')
    .innerJoin('books as b', 'b.id', 'c.bookId')
    .select(['c.bookId', 'b.title', 'c.shop', (eb) => eb.fn.sum<number | string>('c.clicks').as('clicks')])
    .where('c.day', '>=', from)
    .where('c.day', '<=', to)
    .groupBy(['c.bookId', 'b.title', 'c.shop'])
    .orderBy('b.title')
    .orderBy(sql`SUM(c.clicks)`, 'desc')
    .orderBy('c.shop')
    .execute();
  return rows.map((row) => ({ ...row, clicks: Number(row.clicks) }));
}
